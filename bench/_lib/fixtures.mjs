/**
 * Deterministic fixtures: every generator draws from its own fixed-seed PRNG, so each
 * run (and each peer) sees byte-identical data.
 *
 *   LONG-500   150 projects, each with 2–3 nested build types: 500 entities
 *   FLAT-n     n rows of 6 fields (n = 1k, 10k, 100k)
 *   USERS-10k  10 000 users, ≈10 % admins
 *   ISSUES-1k  1 000 issues, each with a nested user shared by ≈50 issues (20 users)
 *   PEOPLE-n   n people in 12 teams, ≈10 % admins, a score, distinct createdAt (live queries)
 *   TICKETS-n  n tickets, each with a nested author among n/50 people (live queries)
 */

/** mulberry32: a tiny 32-bit PRNG, good enough for fixtures and fully deterministic. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'alpha',
  'bravo',
  'cargo',
  'delta',
  'ember',
  'flint',
  'gamma',
  'harbor',
  'ivory',
  'jasper',
  'kilo',
  'lumen',
];

function words(rand, n) {
  let out = '';
  for (let i = 0; i < n; i++) out += (i ? ' ' : '') + WORDS[Math.floor(rand() * WORDS.length)];
  return out;
}

/** LONG-500: 150 projects; 50 of them (chosen by the PRNG) have 3 build types, the rest 2. */
export function long500() {
  const rand = prng(500);
  const three = new Set();
  while (three.size < 50) three.add(Math.floor(rand() * 150));
  const projects = [];
  let bt = 0;
  for (let p = 0; p < 150; p++) {
    const id = `project${p}`;
    const buildTypes = [];
    const count = three.has(p) ? 3 : 2;
    for (let b = 0; b < count; b++) {
      buildTypes.push({
        id: `bt${bt++}`,
        name: words(rand, 2),
        projectId: id,
        description: words(rand, 6),
        paused: rand() < 0.1,
        webUrl: `https://ci.example.com/bt/${bt}`,
      });
    }
    projects.push({
      id,
      name: words(rand, 3),
      description: words(rand, 8),
      archived: rand() < 0.05,
      parentProjectId: p === 0 ? '_Root' : `project${Math.floor(rand() * p)}`,
      webUrl: `https://ci.example.com/project/${p}`,
      buildTypes,
    });
  }
  return projects;
}

/** FLAT-n: n rows of 6 fields. */
export function flat(n) {
  const rand = prng(n);
  const rows = new Array(n);
  for (let i = 0; i < n; i++) {
    rows[i] = {
      id: `r${i}`,
      name: `row ${i}`,
      email: `row${i}@example.com`,
      age: 18 + Math.floor(rand() * 60),
      score: Math.floor(rand() * 1e6) / 100,
      active: rand() < 0.5,
    };
  }
  return rows;
}

/** USERS-10k: ≈10 % admins (PRNG-chosen). */
export function users10k() {
  const rand = prng(10_000);
  const users = new Array(10_000);
  for (let i = 0; i < 10_000; i++) {
    users[i] = {
      id: `u${i}`,
      name: `user ${i}`,
      email: `user${i}@example.com`,
      isAdmin: rand() < 0.1,
      team: WORDS[i % WORDS.length],
      createdAt: 1_600_000_000_000 + i * 60_000,
    };
  }
  return users;
}

/** ISSUES-1k: 20 users, each the author of exactly 50 issues (PRNG-shuffled). */
export function issues1k() {
  const rand = prng(1_000);
  const users = Array.from({ length: 20 }, (_, i) => ({
    id: `user${i}`,
    login: `login${i}`,
    name: `User ${i}`,
    avatarUrl: `https://img.example.com/${i}.png`,
  }));
  const authors = Array.from({ length: 1000 }, (_, i) => i % 20);
  for (let i = authors.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [authors[i], authors[j]] = [authors[j], authors[i]];
  }
  const issues = new Array(1000);
  for (let i = 0; i < 1000; i++) {
    issues[i] = {
      id: `issue${i}`,
      number: i + 1,
      title: words(rand, 5),
      state: rand() < 0.7 ? 'open' : 'closed',
      comments: Math.floor(rand() * 40),
      // Distinct timestamps (a random permutation of minutes) so the sort order is unique.
      createdAt: 0,
      user: { ...users[authors[i]] },
    };
  }
  const minutes = Array.from({ length: 1000 }, (_, i) => i);
  for (let i = minutes.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [minutes[i], minutes[j]] = [minutes[j], minutes[i]];
  }
  for (let i = 0; i < 1000; i++) issues[i].createdAt = 1_650_000_000_000 + minutes[i] * 60_000;
  return { users, issues };
}

/** A deep copy of plain JSON data: what a second, identical network response looks like. */
export function clone(value) {
  return structuredClone(value);
}

/** Adds `__typename` to every object reached through the given nested keys (for Apollo). */
export function typed(value, typename, nested = {}) {
  if (Array.isArray(value)) return value.map((v) => typed(v, typename, nested));
  const out = { __typename: typename, ...value };
  for (const key in nested) {
    if (out[key] != null) out[key] = typed(out[key], nested[key][0], nested[key][1] ?? {});
  }
  return out;
}

/**
 * Canonical JSON of a denormalized value: own enumerable fields in sorted order,
 * `__typename` dropped. Peers return class instances, frozen objects or plain
 * objects; this compares what they hold, not how.
 */
export function canon(value) {
  return JSON.stringify(value, (key, v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const out = {};
    for (const k of Object.keys(v).sort()) if (k !== '__typename') out[k] = v[k];
    return out;
  });
}

/** Fisher–Yates shuffle of 0…n-1 with the given PRNG. */
function permutation(rand, n) {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** PEOPLE-n: ≈10 % admins, 12 teams, an integer score 0–99, distinct createdAt (shuffled minutes). */
export function people(n) {
  const rand = prng(n + 17);
  const minutes = permutation(rand, n);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = {
      id: `p${i}`,
      name: `person ${i}`,
      team: WORDS[i % WORDS.length],
      isAdmin: rand() < 0.1,
      score: Math.floor(rand() * 100),
      createdAt: 1_600_000_000_000 + minutes[i] * 60_000,
    };
  }
  return out;
}

/** TICKETS-n: n tickets; authors are n/50 people (PEOPLE-(n/50)), each the author of 50 tickets. */
export function tickets(n) {
  const authors = people(n / 50);
  const rand = prng(n + 29);
  const order = permutation(rand, n);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = {
      id: `t${i}`,
      title: `ticket ${i}`,
      points: Math.floor(rand() * 8),
      createdAt: 1_650_000_000_000 + order[i] * 60_000,
      author: { ...authors[i % authors.length] },
    };
  }
  return { authors, tickets: out };
}
