import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const contact = new Hono<AppEnv>();
