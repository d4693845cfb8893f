import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const regions = new Hono<AppEnv>();
