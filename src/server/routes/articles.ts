import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const articles = new Hono<AppEnv>();
