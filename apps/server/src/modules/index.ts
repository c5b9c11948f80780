import type { ModuleRoutes } from '../platform/context.ts';
import { authRoutes } from './auth/auth.routes.ts';

// Every module's routes, registered by app.ts. A new module adds one line here.
export const modules: ModuleRoutes[] = [authRoutes];
