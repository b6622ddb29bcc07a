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

/**
 * WCAG AA contrast (4.5:1) on the light theme: react-admin's app bar blue (#2196f3) under white
 * text reads 3.1:1 and MUI's primary blue (#1976d2) on the page background 4.4:1; an empty list's
 * message is in the disabled grey (2.7:1). Both blues one step darker, the message in secondary text.
 */
const accessibleLight: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1565c0', contrastText: '#fff' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
  },
  components: {
    ...defaultLightTheme.components,
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
  },
};

export const lightTheme = withPhoneFit(accessibleLight);
export const darkTheme = withPhoneFit(defaultDarkTheme);
