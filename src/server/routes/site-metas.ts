import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const siteMetas = new Hono<AppEnv>();
