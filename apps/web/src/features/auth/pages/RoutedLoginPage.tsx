import { useNavigate } from 'react-router';
import { preloadSignedIn } from '../../../app/router.tsx';
import LoginPage from './LoginPage.tsx';

/** The login page inside the running app (after a logout, or a page that needs a session): the router goes on. */
export default function RoutedLoginPage({ next }: { next?: string }) {
  const navigate = useNavigate();
  return <LoginPage next={next} prefetch={preloadSignedIn} onSignedIn={(to) => navigate(to, { replace: true })} />;
}
