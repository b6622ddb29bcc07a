import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's light and dark themes, made to fit a phone. Its layout is as wide as its widest
 * content (min-width: fit-content), so one wide table (the event log, the members list) pushed
 * the whole console, app bar included, sideways on a 390 px screen. Here the layout keeps the
 * screen's width, a list's table scrolls inside its own box, and tab bars scroll instead of
 * overflowing.
 */
const phoneFit: RaThemeOptions['components'] = {
  RaLayout: {
    styleOverrides: {
      root: {
        minWidth: 0,
        '& .RaLayout-contentWithSidebar': { minWidth: 0 },
        '& .RaLayout-content': { minWidth: 0 },
      },
    },
  },
  RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } } },
  RaShow: { styleOverrides: { root: { '& .RaShow-main': { minWidth: 0 }, '& .RaShow-card': { overflowX: 'auto' } } } },
  RaEdit: { styleOverrides: { root: { '& .RaEdit-main': { minWidth: 0 } } } },
  MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
};

const withPhoneFit = (theme: RaThemeOptions): RaThemeOptions => ({ ...theme, components: { ...theme.components, ...phoneFit } });

export const lightTheme = withPhoneFit(defaultLightTheme);
export const darkTheme = withPhoneFit(defaultDarkTheme);
