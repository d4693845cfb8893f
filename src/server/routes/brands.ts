import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const brands = new Hono<AppEnv>();
