#!/usr/bin/env node
// Independent chu shogi perft using lishogi's `shogiops` (exact version pinned in package.json).
// See README.md for the counting convention and every deviation from shogiops' own game logic.
//
//   node perft.mjs --sfen "<chu sfen>" --depth N [--divide]
//   node perft.mjs --suite FILE [--max-depth N]

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseSfen } from 'shogiops/sfen';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote } from 'shogiops/variant/util';
import { makeSquareName, makeUsi } from 'shogiops/util';

const RULES = 'chushogi';
const canPromote = pieceCanPromote(RULES);
// Roles for which shogiops generates two-step ("lion") moves via secondLionStepDests.
const LION_POWER = new Set(['lion', 'lionpromoted', 'falcon', 'eagle']);

function parseChu(sfenText) {
  // Non-strict: shogiops' strict validation would reject positions without a king.
  const res = parseSfen(RULES, sfenText.trim(), false);
  if (res.isErr) throw new Error(`bad SFEN "${sfenText}": ${res.error.message}`);
  return res.value;
}

// Our game-end convention: the side to move is finished only when it has no royal
// (king or crown prince) left. Chushogi.kingsOf() = king + prince of that colour.
function hasRoyal(pos) {
  return pos.kingsOf(pos.turn).nonEmpty();
}

// All moves of the side to move, deduplicated by effect:
// (origin, final square, set of captured squares, promotion flag).
// Returns Map<effectKey, representative shogiops move>.
// Representative: a one-step move if one exists, otherwise the two-step path with the
// smallest USI text (deterministic).
function distinctMoves(pos, paths) {
  const out = new Map();
  const ctx = pos.ctx();
  const board = pos.board;
  const add = (key, move) => {
    if (paths) {
      if (!paths.has(key)) paths.set(key, []);
      paths.get(key).push(makeUsi(move));
    }
    const prev = out.get(key);
    if (!prev) {
      out.set(key, move);
      return;
    }
    const pm = prev.midStep !== undefined, nm = move.midStep !== undefined;
    if ((pm && !nm) || (pm === nm && makeUsi(move) < makeUsi(prev))) out.set(key, move);
  };
  for (const from of board.color(pos.turn)) {
    const piece = board.get(from);
    const dests = pos.moveDests(from, ctx);
    for (const to of dests) {
      const cap = board.get(to); // moveDests never contains own pieces
      const capKey = cap ? String(to) : '';
      if (canPromote(piece, from, to, cap)) {
        // shogiops' pieceForcePromote is always false in chushogi: both options exist.
        add(`${from}>${to}|${capKey}|1`, { from, to, promotion: true });
        add(`${from}>${to}|${capKey}|0`, { from, to, promotion: false });
      } else add(`${from}>${to}|${capKey}|0`, { from, to, promotion: false });
    }
    if (LION_POWER.has(piece.role)) {
      for (const mid of dests) {
        const seconds = secondLionStepDests(pos, from, mid);
        for (const to of seconds) {
          const move = { from, to, midStep: mid, promotion: false };
          // Same check lishogi's client applies (Chushogi.isLegal); it is implied by the
          // construction, kept as a guard.
          if (!pos.isLegal(move, ctx)) continue;
          const caps = [];
          if (board.get(mid)) caps.push(mid);
          if (to !== from && board.get(to)) caps.push(to);
          caps.sort((a, b) => a - b);
          add(`${from}>${to}|${caps.join(',')}|0`, move);
        }
      }
    }
  }
  return out;
}

function perft(pos, depth) {
  if (depth === 0) return 1;
  if (!hasRoyal(pos)) return 0;
  const moves = distinctMoves(pos);
  if (depth === 1) return moves.size;
  let n = 0;
  for (const move of moves.values()) {
    const child = pos.clone();
    child.play(move);
    n += perft(child, depth - 1);
  }
  return n;
}

function divide(pos, depth) {
  const rows = [];
  if (depth < 1 || !hasRoyal(pos)) return rows;
  for (const move of distinctMoves(pos).values()) {
    const child = pos.clone();
    child.play(move);
    rows.push([makeUsi(move), perft(child, depth - 1)]);
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return rows;
}

// --list: every distinct root move, its captured squares and all shogiops paths with that effect.
function listMoves(pos) {
  const paths = new Map();
  const moves = hasRoyal(pos) ? distinctMoves(pos, paths) : new Map();
  const rows = [];
  for (const [key, move] of moves) {
    const caps = key.split('|')[1];
    const capNames = caps ? caps.split(',').map(q => makeSquareName(Number(q))).join(',') : '-';
    rows.push(`${makeUsi(move)} captures=${capNames} paths=${paths.get(key).sort().join(' ')}`);
  }
  rows.sort();
  return rows;
}

function parseArgs(argv) {
  const a = { divide: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (k === '--sfen') a.sfen = argv[++i];
    else if (k === '--depth') a.depth = parseInt(argv[++i], 10);
    else if (k === '--divide') a.divide = true;
    else if (k === '--list') a.list = true;
    else if (k === '--suite') a.suite = argv[++i];
    else if (k === '--max-depth') a.maxDepth = parseInt(argv[++i], 10);
    else if (k === '--time') a.time = true;
    else {
      console.error(`unknown argument: ${k}`);
      process.exit(2);
    }
  }
  return a;
}

function usage() {
  console.error(
    'usage:\n  node perft.mjs --sfen "<chu sfen>" [--depth N] [--divide] [--list] [--time]\n' +
      '  node perft.mjs --suite FILE [--max-depth N] [--time]'
  );
  process.exit(2);
}

function runSfen(a) {
  const pos = parseChu(a.sfen);
  if (a.list) {
    for (const row of listMoves(pos)) console.log(row);
    if (a.depth === undefined) return;
  }
  if (!Number.isInteger(a.depth) || a.depth < 1) usage();
  for (let d = 1; d <= a.depth; d++) {
    const t0 = Date.now();
    const n = perft(pos, d);
    console.log(`D${d} ${n}` + (a.time ? `  (${((Date.now() - t0) / 1000).toFixed(2)} s)` : ''));
  }
  if (a.divide) for (const [usi, n] of divide(pos, a.depth)) console.log(`${usi} ${n}`);
}

// Suite line: <variant> <rules> <sfen fields...> ;D1 <n> ;D2 <n> ... [;id <text>] [;note <text>]
function parseSuiteLine(line) {
  const fields = line.split(';').map(s => s.trim());
  const head = fields[0].split(/\s+/);
  const entry = { variant: head[0], rules: head[1], sfen: head.slice(2).join(' '), depths: [] };
  for (const f of fields.slice(1)) {
    const m = f.match(/^D(\d+)\s+(\d+)$/);
    if (m) entry.depths.push([parseInt(m[1], 10), BigInt(m[2])]);
    else if (f.startsWith('id ')) entry.id = f.slice(3).trim();
    else if (f.startsWith('note ')) entry.note = f.slice(5).trim();
  }
  return entry;
}

function runSuite(a) {
  const lines = readFileSync(a.suite, 'utf8').split(/\r?\n/);
  let bad = 0, ok = 0, skipped = 0;
  lines.forEach((raw, idx) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const e = parseSuiteLine(line);
    const label = e.id ? e.id : `line ${idx + 1}`;
    if (e.variant !== 'chu' || e.rules !== 'lishogi') {
      console.error(`skip ${label}: variant/rules "${e.variant} ${e.rules}" not handled by shogiops check`);
      skipped++;
      return;
    }
    let pos;
    try {
      pos = parseChu(e.sfen);
    } catch (err) {
      console.log(`MISMATCH ${label}: ${err.message}`);
      bad++;
      return;
    }
    for (const [d, expected] of e.depths) {
      if (a.maxDepth !== undefined && d > a.maxDepth) continue;
      const t0 = Date.now();
      const got = BigInt(perft(pos, d));
      const tm = a.time ? ` (${((Date.now() - t0) / 1000).toFixed(2)} s)` : '';
      if (got === expected) {
        console.log(`ok ${label} D${d} ${got}${tm}`);
        ok++;
      } else {
        console.log(`MISMATCH ${label} D${d} expected ${expected} shogiops ${got}${tm}`);
        bad++;
      }
    }
  });
  console.log(`summary: ${ok} ok, ${bad} mismatch, ${skipped} lines skipped`);
  process.exit(bad ? 1 : 0);
}

export { parseChu, distinctMoves, perft, divide, listMoves };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2));
  if (args.suite) runSuite(args);
  else if (args.sfen) runSfen(args);
  else usage();
}
