#!/usr/bin/env node
// Regenerates candidates.txt: small hand-made chu positions, one rule each, counted with shogiops.
//   node make_candidates.mjs > candidates.txt
// Piece lists: "<letter><square>", uppercase = Black, lowercase = White, '+' prefix = promoted,
// lishogi letters (k q n d h r b o x e t f g s c v m a l i p). Square = file 1..12 + rank a..l.
import { parseChu, perft } from './perft.mjs';

function sfenOf(pieces, turn = 'b', lionCap = '-', moveNo = 1) {
  const grid = Array.from({ length: 12 }, () => Array(12).fill(null));
  for (const tok of pieces.trim().split(/\s+/)) {
    const m = tok.match(/^(\+?)([a-zA-Z])(\d{1,2})([a-l])$/);
    if (!m) throw new Error(`bad piece token ${tok}`);
    const file = parseInt(m[3], 10), rank = m[4].charCodeAt(0) - 97;
    const col = 12 - file; // files 12..1 left to right
    if (grid[rank][col]) throw new Error(`square taken: ${tok}`);
    grid[rank][col] = m[1] + m[2];
  }
  const rows = grid.map(row => {
    let s = '', e = 0;
    for (const c of row) {
      if (!c) e++;
      else {
        if (e) s += e;
        e = 0;
        s += c;
      }
    }
    if (e) s += e;
    return s;
  });
  return `${rows.join('/')} ${turn} ${lionCap} ${moveNo}`;
}

// Kings: Black K 12l, White k 1a unless the position says otherwise.
const KK = 'K12l k1a';
const P = [
  // ---- lion basics
  ['lion_alone_pass', `${KK} N7h`, 'b', '-', 'lone lion in the open: 8 steps + 16 jumps + 1 pass (jitto via any empty neighbour, all paths = one move)'],
  ['lion_double_capture', `${KK} N7h g7g s6g p7f g8f`, 'b', '-', 'lion captures two enemy pieces (7g then 7f/6f/8f/6g...), distinct per captured set'],
  ['lion_igui_no_pass', `${KK} N7h s7g G6g G8g S6h S8h P6i P7i P8i`, 'b', '-', 'lion boxed in by own pieces except enemy silver 7g: igui 7h7g7h exists, no jitto (no empty neighbour)'],
  ['lion_one_empty_neighbour', `${KK} N7h G6g G8g G7g S6h S8h P6i P8i`, 'b', '-', 'only empty neighbour is 7i: jitto still available (via 7i), jumps over own pieces'],
  ['lion_all_neighbours_enemy', `${KK} N7h p6g p7g p8g g6h g8h s6i s7i s8i`, 'b', '-', 'all 8 neighbours enemy: 8 igui, no jitto, many double captures'],
  // ---- lion vs lion
  ['lion_lion_adjacent_protected', `${KK} N7h n7g g7f`, 'b', '-', 'adjacent enemy lion protected by gold: capture by step, igui (7h7g7h) and double (7h7g7f etc.) all legal'],
  ['lion_lion_distant_unprotected', `${KK} N7h n7f`, 'b', '-', 'enemy lion 2 away, unprotected: jump capture legal'],
  ['lion_lion_distant_protected', `${KK} N7h n7f g7e`, 'b', '-', 'enemy lion 2 away protected by gold 7e: jump capture and empty-square double step are illegal'],
  ['lion_bridge_silver', `${KK} N7h n7f g7e s6g`, 'b', '-', 'protected distant lion taken via 7h6g7f capturing a silver first (bridge): legal'],
  ['lion_bridge_pawn', `${KK} N7h n7f g7e p6g`, 'b', '-', 'same but the bridge is a pawn: 7h6g7f illegal'],
  ['lion_bridge_gobetween', `${KK} N7h n7f g7e i6g`, 'b', '-', 'same but the bridge is a go-between: 7h6g7f illegal'],
  ['lion_bridge_tokin', `${KK} N7h n7f g7e +p6g`, 'b', '-', 'same but the bridge is a tokin (+p): legal (only unpromoted pawn/GB are excluded)'],
  ['lion_doomed_pawn_protector', `${KK} N7d p7e n7f`, 'b', '-', 'only protector of lion 7f is pawn 7e: 7d7e7f illegal in shogiops (protection judged before the move, pawn counts, pawn is no bridge)'],
  ['lion_xray_protector', `${KK} N7h n7f r7k`, 'b', '-', 'enemy rook 7k protects 7f through the capturing lion\'s origin 7h (x-ray): jump capture 7h7f illegal'],
  ['lion_vs_promoted_kirin_protected', `${KK} N7h +o7f g7e`, 'b', '-', 'promoted kirin counts as a lion: protected at distance 2, cannot be jump-captured'],
  ['white_lion_distant_protected', `${KK} n6e N6g G6h`, 'w', '-', 'White to move: Black lion 6g protected by gold 6h; jump capture illegal, adjacent-square paths too'],
  // ---- counter-strike (third SFEN field)
  ['counter_strike_rook', `${KK} R7j n7f +O8g d3c`, 'b', '3c', 'last move: non-lion captured a lion on 3c; Black rook may not take lion 7f, promoted kirin 8g (adjacent) may'],
  ['counter_strike_none', `${KK} R7j n7f +O8g d3c`, 'b', '-', 'same position without counter-strike state: rook may take the lion'],
  ['counter_strike_same_square', `${KK} R7j +o7f`, 'b', '7f', 'White kirin captured a lion on 7f and promoted: Black non-lion may recapture on that same square'],
  ['counter_strike_lion_ok', `${KK} N7h n7f d3c`, 'b', '3c', 'counter-strike state but Black captures the unprotected distant lion with its own lion: legal'],
  ['counter_strike_falcon', `${KK} +H7h n7f d3c`, 'b', '3c', 'horned falcon may not take the lion (jump 7f or via 7g) under counter-strike'],
  // ---- horned falcon / soaring eagle
  ['falcon_lion_moves', `${KK} +H7h s7g g7f`, 'b', '-', 'horned falcon forward lion power: 7g, 7f, 7h7g7f double, igui 7h7g7h; no pass (7g occupied by enemy)'],
  ['falcon_pass', `${KK} +H7h G8g`, 'b', '-', 'horned falcon with empty square ahead: pass 7h7g7h is one move'],
  ['falcon_takes_protected_lion', `${KK} +H7h n7f g7e`, 'b', '-', 'falcon (not a lion) may jump-capture a protected lion 2 ahead'],
  ['eagle_lion_moves', `${KK} +D7h s6g g5f P8g`, 'b', '-', 'soaring eagle: diagonal lion power on 6g/5f (double, igui), own pawn 8g blocks step but jump to 9f ok'],
  ['eagle_no_pass', `${KK} +D7h P6g P8g`, 'b', '-', 'soaring eagle with both forward-diagonal squares own-occupied: no pass, jumps 5f/9f'],
  // ---- promotion (lishogi: enter = option; capture touching zone = option; pawn/lance last rank = option)
  ['promo_enter_zone', `${KK} S7e R2g`, 'b', '-', 'silver and rook entering zone (ranks a-d): promote/decline both generated'],
  ['promo_inside_zone', `${KK} G7c p7b`, 'b', '-', 'gold inside zone: plain moves no promotion, capture 7c7b may promote'],
  ['promo_leave_zone', `${KK} B7c s3g`, 'b', '-', 'bishop leaving zone: no promotion unless capturing (7c3g+)'],
  ['pawn_last_rank', `${KK} P7b L3c`, 'b', '-', 'pawn to last rank and lance inside zone to last rank: promotion optional, unpromoted pawn/lance on rank a are dead'],
  ['pawn_dead_on_last_rank', `${KK} P7a L5a p4l`, 'b', '-', 'unpromoted Black pawn/lance already on rank a (and White pawn on l) have no moves'],
  ['white_promotion', `${KK} s6h r2f p9j`, 'w', '-', 'White promotion zone ranks i-l: entering, pawn to last rank'],
  ['kirin_promotes_to_lion', `${KK} O7e`, 'b', '-', 'kirin entering zone may promote to lion (+o)'],
  ['elephant_and_gobetween_promote', `${KK} E7e I4e`, 'b', '-', 'drunk elephant -> crown prince (+e, royal); go-between -> drunk elephant (+i, not royal)'],
  ['promoted_kirin_lion', `${KK} +O7h g7g s6g p8f`, 'b', '-', 'promoted kirin moves as a lion: double captures, igui, jitto'],
  // ---- royals and game end
  ['crown_prince_second_royal', `K12l +E6k k1a r12b`, 'w', '-', 'White rook can take Black king; Black keeps the crown prince, so play continues'],
  ['prince_only', `+E7k G6k k1a r1b`, 'b', '-', 'Black has lost the king but has a crown prince: Black still moves'],
  ['king_capture_ends', `K12l G6k k1a r12b`, 'w', '-', 'White rook takes Black\'s only royal: no moves for Black after that (perft stops there)'],
  ['bare_king_ignored', `K12l G6k k1a`, 'b', '-', 'White king is bare (lishogi would end the game): perft ignores bare king'],
  ['promoted_gobetween_not_royal', `+I7k G6k k1a r1b`, 'b', '-', 'Black has only a promoted go-between (+i = drunk elephant, not royal): no royal, D1 = 0'],
];

const MAX_EST_SECONDS = 20; // skip D4 when it is predicted to be slow
const MAX_D4_SECONDS = 10; // and drop it when it actually took longer
console.log('# Chu shogi perft candidates, counted with lishogi shogiops 0.18.0 via tools/crosscheck/perft.mjs');
console.log('# (distinct moves by effect; perft stops only when the side to move has no royal; see README.md).');
console.log('# Regenerate: node make_candidates.mjs > candidates.txt');
for (const [id, pieces, turn, lionCap, note] of P) {
  const sfen = sfenOf(pieces, turn, lionCap);
  const pos = parseChu(sfen);
  const counts = [];
  let last = 0;
  for (let d = 1; d <= 4; d++) {
    if (d === 4) {
      const bf = counts[1] ? counts[2] / Math.max(1, counts[1]) : 0;
      if (last * Math.max(bf, 1) > MAX_EST_SECONDS * 1000 / 2) break;
    }
    const t0 = Date.now();
    const n = perft(pos, d);
    last = Date.now() - t0;
    if (d === 4 && last > MAX_D4_SECONDS * 1000) break;
    counts.push(n);
  }
  const ds = counts.map((n, i) => `;D${i + 1} ${n}`).join(' ');
  console.log(`chu lishogi ${sfen} ${ds} ;id ${id} ;note ${note}`);
}
