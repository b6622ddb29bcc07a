import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ChangePasswordPage } from './change-password-page';
import { PASSWORD_UPDATE_ERROR } from './api';
import { ToastProvider } from '../../components/ui/toast';

const render = (url: string) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <ToastProvider>
        <ChangePasswordPage />
      </ToastProvider>
    </MemoryRouter>,
  );

describe('/change-password before anything is submitted (defect 3)', () => {
  it('shows no error without a token', () => {
    const html = render('/change-password');
    expect(html).toContain('Choose a new password');
    expect(html).not.toContain(PASSWORD_UPDATE_ERROR);
  });
  it('shows no error with a token either', () => {
    expect(render('/change-password?token=abc')).not.toContain(PASSWORD_UPDATE_ERROR);
  });
});
