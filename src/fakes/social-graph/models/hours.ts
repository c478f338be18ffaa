import { graphErrors } from '../errors.js';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const KEY = /^(mon|tue|wed|thu|fri|sat|sun)_([12])_(open|close)$/;
const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

function minutes(v: string, key: string): number {
  const m = TIME.exec(v);
  if (!m) throw graphErrors.param(`Param hours[${key}] must be a time in HH:MM format`);
  const total = Number(m[1]) * 60 + Number(m[2]);
  if (total > 24 * 60) throw graphErrors.param(`Param hours[${key}] must be a time in HH:MM format`);
  return total;
}

/**
 * Rules of a Page's `hours`: keys `{day}_{1|2}_{open|close}`, both ends of a range, range 2 only with
 * range 1 and after it, 24 hours as 00:00-24:00, and a closing past midnight no later than 06:00.
 */
export function validateHours(hours: Record<string, string>): Record<string, string> {
  for (const key of Object.keys(hours)) {
    if (!KEY.test(key)) throw graphErrors.param(`Param hours has an invalid key ${key}: use {day}_{1|2}_{open|close} with day mon..sun`);
  }
  for (const day of DAYS) {
    const ranges: Array<{ open: number; close: number }> = [];
    for (const n of ['1', '2'] as const) {
      const o = hours[`${day}_${n}_open`];
      const c = hours[`${day}_${n}_close`];
      if (o === undefined && c === undefined) continue;
      if (o === undefined || c === undefined) throw graphErrors.param(`Param hours needs both ${day}_${n}_open and ${day}_${n}_close`);
      if (n === '2' && ranges.length === 0) throw graphErrors.param(`Param hours has ${day}_2 without ${day}_1`);
      const open = minutes(o, `${day}_${n}_open`);
      const close = minutes(c, `${day}_${n}_close`);
      if (open === 24 * 60) throw graphErrors.param(`Param hours[${day}_${n}_open] cannot be 24:00`);
      if (close <= open && close > 6 * 60) throw graphErrors.param(`Param hours[${day}_${n}_close]: a closing time past midnight cannot be later than 06:00`);
      ranges.push({ open, close: close <= open ? close + 24 * 60 : close });
    }
    const [a, b] = ranges;
    if (a && b && b.open < a.close) throw graphErrors.param(`Param hours: the two ranges of ${day} overlap`);
  }
  return hours;
}
