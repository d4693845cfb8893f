import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const categories = new Hono<AppEnv>();
