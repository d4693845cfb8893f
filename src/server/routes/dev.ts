import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const dev = new Hono<AppEnv>();
