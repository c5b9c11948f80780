import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

// /403 (access denied), /404 (not found) and /500 (server error), each with a way home; inside the desktop shell
// when the user is signed in (router.tsx), alone otherwise.
export type ErrorStatus = '403' | '404' | '500';

export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [title, text] =
    status === '403'
      ? [t('errorPage.forbiddenTitle'), t('errorPage.forbiddenText')]
      : status === '404'
        ? [t('errorPage.notFoundTitle'), t('errors.pageNotFound')]
        : [t('errorPage.serverErrorTitle'), t('errorPage.serverErrorText')];
  useEffect(() => {
    document.title = `${status} - eQMS`;
  }, [status]);
  return (
    <div style={{ minHeight: '70vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status}
        title={
          <h1 data-testid={`error-${status}`} style={{ margin: 0, font: 'inherit', color: 'inherit' }}>
            {title}
          </h1>
        }
        subTitle={text}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })} data-testid="error-home">
            {t('actions.home')}
          </Button>
        }
      />
    </div>
  );
}
