import { provideConsoleRoutes } from '@/testing/render';
import { routes } from './router';

provideConsoleRoutes(routes);
