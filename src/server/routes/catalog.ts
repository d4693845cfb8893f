import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const catalog = new Hono<AppEnv>();
