//! The search: limits in, info callbacks and a best move out. It knows positions and moves,
//! never protocol text; `protocol/` and the match runner drive it through [`Searcher`].
//!
//! Iterative deepening with aspiration windows over [`alphabeta::Worker`]; Lazy SMP: every
//! thread of a rayon pool searches the same position on the shared
//! [`tt::TranspositionTable`], helpers one ply deeper on odd threads, and the main thread
//! reports and decides when to stop.

mod alphabeta;
mod mate_probe;
pub mod ordering;
mod picker;
pub mod skill;
pub mod time;
pub mod tt;

use crate::platform::{self, Instant, Task};
use crate::rules::{Move, Position};
use crate::score;
use alphabeta::{Scratch, Worker};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;
pub use time::Clock;

/// What the search may spend.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum iteration depth.
    pub depth: Option<u32>,
    /// Maximum nodes (all threads).
    pub nodes: Option<u64>,
    /// Exact thinking time.
    pub movetime: Option<Duration>,
    /// Clock of the side to move.
    pub clock: Option<Clock>,
    /// Search until stopped.
    pub infinite: bool,
    /// Pondering: like infinite until `ponderhit` turns the clock on.
    pub ponder: bool,
    /// Stop once a win in at most this many moves is found.
    pub mate: Option<u32>,
    /// Number of principal variations to report (1 = normal play).
    pub multipv: usize,
    /// Only these root moves (empty = all).
    pub search_moves: Vec<Move>,
    /// A strength level below full strength (`None`: the full search, unchanged).
    pub skill: Option<skill::Skill>,
}

/// A progress report of one principal variation.
#[derive(Clone, Debug)]
pub struct Info {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1-based line number (MultiPV).
    pub multipv: u32,
    /// Score from the side to move's view (mate scores per [`score`]).
    pub score: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Permille of the table used by this search.
    pub hashfull: u32,
    /// Time since the search started.
    pub time: Duration,
    /// The variation.
    pub pv: Vec<Move>,
}

impl Info {
    /// `Some(n)`: a forced win in n moves (negative: loss), for `score mate n`.
    pub fn mate(&self) -> Option<i32> {
        score::is_mate(self.score).then(|| score::mate_moves(self.score))
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// Move to play (`None`: no legal move, the game is lost or over).
    pub best: Option<Move>,
    /// Expected reply, for pondering.
    pub ponder: Option<Move>,
    /// The principal variation behind the best move (USI mate search answers with it).
    pub pv: Vec<Move>,
    /// Score of the best move.
    pub score: i32,
    /// Last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl SearchResult {
    /// Plays the line `pv` with its score.
    fn play(&mut self, score: i32, pv: Vec<Move>) {
        self.best = pv.first().copied();
        self.ponder = pv.get(1).copied();
        self.score = score;
        self.pv = pv;
    }
}

/// Receives progress reports (called from the search's main thread).
pub type InfoSink = Arc<dyn Fn(&Info) + Send + Sync>;

/// An iteration a helper thread completed: with Lazy SMP a helper, searching one ply deeper
/// or luckier in the table, often finishes a depth before the main thread does, and its
/// answer is as good as the main thread's would be.
#[derive(Clone, Debug, Default)]
struct Completed {
    depth: u32,
    seldepth: u32,
    score: i32,
    pv: Vec<Move>,
}

/// State shared by the threads of one search.
pub(crate) struct Shared {
    stop: AtomicBool,
    nodes: AtomicU64,
    start: Instant,
    pondering: AtomicBool,
    clock_start: Mutex<Instant>,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    /// `go depth`: the search may end as soon as any thread completes this depth.
    depth_limit: Option<u32>,
    /// The deepest iteration completed by a helper (depth 0: none yet).
    helper_best: Mutex<Completed>,
}

impl Shared {
    fn new(limits: &Limits, hard: Option<Duration>) -> Shared {
        let now = Instant::now();
        Shared {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: now,
            pondering: AtomicBool::new(limits.ponder),
            clock_start: Mutex::new(now),
            hard,
            node_limit: limits.nodes,
            depth_limit: limits.depth.filter(|_| !limits.infinite),
            helper_best: Mutex::new(Completed::default()),
        }
    }

    /// Elapsed time on the clock that counts (from ponderhit when pondering).
    fn clock_elapsed(&self) -> Duration {
        self.clock_start
            .lock()
            .map_or(Duration::ZERO, |s| s.elapsed())
    }

    /// Called by the main thread every 1024 nodes.
    fn check_limits(&self) {
        if self
            .node_limit
            .is_some_and(|n| self.nodes.load(Relaxed) >= n)
        {
            self.stop.store(true, Relaxed);
        }
        if !self.pondering.load(Relaxed) && self.hard.is_some_and(|h| self.clock_elapsed() >= h) {
            self.stop.store(true, Relaxed);
        }
        if !self.pondering.load(Relaxed)
            && self.depth_limit.is_some_and(|d| self.helper_depth() >= d)
        {
            self.stop.store(true, Relaxed);
        }
    }

    /// The one-line report of a line the search is about to play in place of the last one
    /// reported (a level's choice, a deeper helper's answer, a proven mate), so that the last
    /// `info` line describes the move played.
    fn played_line_info(
        &self,
        depth: u32,
        seldepth: u32,
        score: i32,
        hashfull: u32,
        pv: &[Move],
    ) -> Info {
        let elapsed = self.start.elapsed();
        let nodes = self.nodes.load(Relaxed);
        Info {
            depth,
            seldepth,
            multipv: 1,
            score,
            nodes,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
            hashfull,
            time: elapsed,
            pv: pv.to_vec(),
        }
    }

    /// Depth of the deepest iteration a helper has completed.
    fn helper_depth(&self) -> u32 {
        self.helper_best.lock().map_or(0, |b| b.depth)
    }

    /// A helper completed `depth`: keep its answer if no helper has gone deeper.
    fn publish(&self, depth: u32, seldepth: u32, score: i32, pv: &[Move]) {
        if let Ok(mut best) = self.helper_best.lock()
            && depth > best.depth
            && !pv.is_empty()
        {
            *best = Completed {
                depth,
                seldepth,
                score,
                pv: pv.to_vec(),
            };
        }
    }
}

/// A search running in the background (or, on a host without threads, already finished).
pub struct SearchHandle {
    shared: Arc<Shared>,
    task: Task<SearchResult>,
}

impl SearchHandle {
    /// Asks the search to stop; it returns its best move within a few milliseconds.
    pub fn stop(&self) {
        self.shared.pondering.store(false, Relaxed);
        self.shared.stop.store(true, Relaxed);
    }

    /// The pondered move was played: the clock starts now.
    pub fn ponderhit(&self) {
        if let Ok(mut s) = self.shared.clock_start.lock() {
            *s = Instant::now();
        }
        self.shared.pondering.store(false, Relaxed);
    }

    /// Whether the search has finished.
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }

    /// Waits for the result.
    pub fn wait(self) -> SearchResult {
        self.task.wait()
    }
}

/// The engine's search: options and the table, persistent across moves of a game.
pub struct Searcher {
    tt: Arc<tt::TranspositionTable>,
    /// The Lazy SMP helpers' threads (none for a one-thread search, which runs on the
    /// search thread itself, so that hosts without threads can search at all).
    pool: Option<Arc<rayon::ThreadPool>>,
    threads: usize,
    /// The mate solver that finishes won positions ([`mate_probe`]).
    probe: Arc<mate_probe::MateProbe>,
    /// Time kept in hand per move for transport and GUI.
    pub move_overhead: Duration,
    /// The search threads' buffers between searches.
    scratch: Arc<ScratchPool>,
}

/// Buffers of search threads between searches ([`alphabeta::Scratch`]): a search takes one
/// set per thread and gives it back at its end, so the pool holds at most as many sets as
/// the searcher has threads.
#[derive(Default)]
struct ScratchPool(Mutex<Vec<Scratch>>);

impl ScratchPool {
    fn take(&self) -> Scratch {
        let kept = self.0.lock().ok().and_then(|mut sets| sets.pop());
        kept.unwrap_or_else(Scratch::new)
    }

    fn give(&self, scratch: Scratch) {
        if let Ok(mut sets) = self.0.lock() {
            sets.push(scratch);
        }
    }

    /// Every kept set back to a new one's state, for a new game.
    fn new_game(&self) {
        if let Ok(mut sets) = self.0.lock() {
            sets.iter_mut().for_each(Scratch::new_game);
        }
    }
}

/// The helpers' pool: `threads - 1` threads started through [`platform::spawn`].
fn build_pool(threads: usize) -> Result<Option<Arc<rayon::ThreadPool>>, String> {
    if threads <= 1 {
        return Ok(None);
    }
    platform::thread_pool(threads - 1, "search-helper").map(|p| Some(Arc::new(p)))
}

/// Largest table a new game clears where it is: about 170 ms at the 40 ms a GB measured on
/// the project's machine (`TranspositionTable::clear`).
const CLEAR_IN_PLACE_MB: usize = 4096;

/// A new table whose pages are touched by a background thread where there is one.
fn fresh_table(mb: usize) -> Result<Arc<tt::TranspositionTable>, String> {
    let table = Arc::new(tt::TranspositionTable::new(mb)?);
    if cfg!(not(target_family = "wasm")) {
        let t = table.clone();
        let _ = platform::spawn("table-pages", Box::new(move || t.touch_pages()));
    }
    Ok(table)
}

/// Largest table in MB: half the machine's memory (a larger table would leave nothing to the
/// rest of the system), at most 32 GB (1 GB on 32-bit hosts, whose address space is 4 GB).
pub fn max_hash_mb() -> usize {
    let cap: u64 = if cfg!(target_pointer_width = "64") {
        32 << 10
    } else {
        1 << 10
    };
    platform::physical_memory().map_or(cap, |bytes| (bytes >> 21).clamp(1, cap)) as usize
}

/// Most search threads: the host's parallel threads. Lazy SMP gains nothing from threads
/// that must share a core, and every extra one delays the moment all threads notice a stop,
/// so time limits would no longer hold.
pub fn max_threads() -> usize {
    platform::parallelism()
}

impl Searcher {
    /// A searcher with a table of `hash_mb` MB and `threads` threads.
    pub fn new(hash_mb: usize, threads: usize) -> Result<Searcher, String> {
        Ok(Searcher {
            tt: fresh_table(hash_mb)?,
            pool: build_pool(threads.max(1))?,
            threads: threads.max(1),
            probe: Arc::default(),
            move_overhead: Duration::from_millis(30),
            scratch: Arc::default(),
        })
    }

    /// Resizes (and clears) the table; on error (a size this machine cannot hold) the old
    /// table stays. The same size only clears it, as [`new_game`](Self::new_game) does.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        if mb.max(1) == self.tt.megabytes() {
            self.new_game();
            return Ok(());
        }
        self.replace_table(mb)
    }

    fn replace_table(&mut self, mb: usize) -> Result<(), String> {
        // Free the old table first: the two need not fit side by side.
        let old_mb = self.tt.megabytes();
        self.tt = fresh_table(1)?;
        match fresh_table(mb) {
            Ok(t) => {
                self.tt = t;
                Ok(())
            }
            Err(e) => {
                self.tt = fresh_table(old_mb)?;
                Err(e)
            }
        }
    }

    /// Table size in MB.
    pub fn hash_mb(&self) -> usize {
        self.tt.megabytes()
    }

    /// Changes the number of search threads (1 to [`max_threads`]); on error the old number
    /// stays.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        if threads == 0 || threads > max_threads() {
            return Err(format!(
                "{threads} threads: this host runs 1 to {} in parallel",
                max_threads()
            ));
        }
        self.pool = build_pool(threads)?;
        self.threads = threads;
        Ok(())
    }

    /// Number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets the previous game. A table no search has used is empty already. Up to
    /// [`CLEAR_IN_PLACE_MB`] the table is emptied where it is, so the next searches take no
    /// page faults; a larger one is replaced by a fresh table at once (its pages touched in
    /// the background), so that `usinewgame` never keeps a GUI waiting for seconds.
    pub fn new_game(&mut self) {
        self.probe.remember(score::DRAW);
        self.scratch.new_game();
        if !self.tt.searched() {
            return;
        }
        if self.tt.megabytes() <= CLEAR_IN_PLACE_MB {
            self.tt.clear();
        } else if let Err(e) = self.replace_table(self.tt.megabytes()) {
            log::error!("new game: {e}");
        }
    }

    /// Searches in the background; `done` runs on the search thread once the result can be
    /// taken. On a host without threads the search runs to its end before this returns.
    pub fn start(
        &self,
        pos: &Position,
        limits: Limits,
        info: InfoSink,
        done: impl FnOnce() + Send + 'static,
    ) -> SearchHandle {
        let phase = time::Phase::of(pos);
        let budget = limits
            .clock
            .map(|c| time::allocate(&c, self.move_overhead, phase));
        let hard = match (limits.movetime, budget) {
            (Some(t), _) => Some(
                t.saturating_sub(self.move_overhead)
                    .max(Duration::from_millis(1)),
            ),
            (None, Some(b)) => Some(b.hard),
            _ => None,
        };
        let soft = match (limits.movetime, budget) {
            (Some(_), _) => hard,
            (None, Some(b)) => Some(b.soft),
            _ => None,
        };
        let shared = Arc::new(Shared::new(&limits, hard));
        let (tt, pool, probe) = (self.tt.clone(), self.pool.clone(), self.probe.clone());
        let scratch = self.scratch.clone();
        let pos = pos.clone();
        let sh = shared.clone();
        let task = Task::start(
            "search",
            move || {
                let search = Search {
                    tt: &tt,
                    probe: &probe,
                    shared: &sh,
                    info: &info,
                    scratch: &scratch,
                };
                run(&pos, &limits, soft, pool.as_deref(), &search)
            },
            SearchResult::default,
            done,
        );
        SearchHandle { shared, task }
    }

    /// Searches and waits for the result.
    pub fn search(&self, pos: &Position, limits: Limits, info: InfoSink) -> SearchResult {
        self.start(pos, limits, info, || {}).wait()
    }
}

/// What the main thread works with besides the position and its limits.
struct Search<'a> {
    tt: &'a tt::TranspositionTable,
    probe: &'a mate_probe::MateProbe,
    shared: &'a Shared,
    info: &'a InfoSink,
    scratch: &'a ScratchPool,
}

fn run(
    pos: &Position,
    limits: &Limits,
    soft: Option<Duration>,
    pool: Option<&rayon::ThreadPool>,
    search: &Search,
) -> SearchResult {
    let (tt, shared, scratch) = (search.tt, search.shared, search.scratch);
    let capped = level_depth_cap(limits, pos);
    let limits = capped.as_ref().unwrap_or(limits);
    tt.new_search();
    let mut result = SearchResult::default();
    match pool {
        None => result = main_thread(pos, limits, soft, search),
        Some(pool) => pool.in_place_scope(|scope| {
            for id in 1..=pool.current_num_threads() {
                scope.spawn(move |_| helper_thread(pos, limits, tt, shared, scratch, id));
            }
            result = main_thread(pos, limits, soft, search);
            shared.stop.store(true, Relaxed);
        }),
    }
    result.nodes = shared.nodes.load(Relaxed);
    result
}

/// The limits with a level's depth cap for this position folded into `depth`, so that every
/// thread respects it (`None`: no level, or a level without a cap; the limits stand as given).
fn level_depth_cap(limits: &Limits, pos: &Position) -> Option<Limits> {
    let skill = limits.skill?;
    let cap = skill.plan().max_depth(pos.key(), skill.seed)?;
    Some(Limits {
        depth: Some(limits.depth.map_or(cap, |d| d.min(cap))),
        ..limits.clone()
    })
}

/// The network that judges this search. Levels below full strength keep the hand-set
/// evaluation: their node budgets and noise were placed on HaChu's scale with it
/// (docs/levels.md), and a network would move every level by a different amount.
fn network_for(pos: &Position, limits: &Limits) -> Option<&'static crate::nnue::Network> {
    if limits.skill.is_some() {
        None
    } else {
        crate::nnue::active(pos.variant())
    }
}

/// A thread's buffers for a search under `limits`. A level below full strength searches
/// from empty ordering tables at every move, as it did when the levels were placed on
/// HaChu's scale (docs/levels.md); full strength goes on with what the game's earlier
/// searches learned.
fn scratch_for(pool: &ScratchPool, limits: &Limits) -> Scratch {
    let mut scratch = pool.take();
    if limits.skill.is_some() {
        scratch.new_game();
    }
    scratch
}

/// A Lazy SMP helper: iterative deepening like the main thread, odd helpers one ply ahead so
/// the threads diverge, with no reports. Its completed iterations are offered to the main
/// thread, which plays the deepest answer (single-line searches only: a helper ignores the
/// MultiPV exclusions).
fn helper_thread(
    pos: &Position,
    limits: &Limits,
    tt: &tt::TranspositionTable,
    shared: &Shared,
    scratch: &ScratchPool,
    id: usize,
) {
    let mut w = Worker::with_scratch(pos.clone(), tt, shared, false, scratch_for(scratch, limits));
    w.root_only = limits.search_moves.clone();
    w.network = network_for(pos, limits);
    let publishes = limits.multipv <= 1 && limits.skill.is_none();
    let mut prev_score = 0;
    let max_depth = limits.depth.map_or(ordering::MAX_PLY as i32 - 10, |d| {
        (d as i32).min(ordering::MAX_PLY as i32 - 10)
    });
    let mut depth = (1 + (id % 2) as i32).min(max_depth);
    while !shared.stop.load(Relaxed) && depth <= max_depth {
        w.seldepth = 0;
        let s = aspiration_search(&mut w, depth, prev_score);
        w.flush_nodes();
        if w.aborted() {
            break;
        }
        prev_score = s;
        if publishes && s != -score::INFINITE {
            shared.publish(depth as u32, w.seldepth as u32, s, w.root_pv());
        }
        depth += 1;
    }
    log::debug!(
        "helper {id}: {} nodes, completed depth {}",
        w.nodes,
        depth - 1
    );
    scratch.give(w.into_scratch());
}

/// One iteration to `depth`, in a window around the previous iteration's score that widens
/// until the score falls inside (full window while shallow or near a mate).
fn aspiration_search(w: &mut Worker, depth: i32, prev_score: i32) -> i32 {
    let mut delta = 30;
    let (mut alpha, mut beta) = if depth >= 4 && !score::is_mate(prev_score) {
        (prev_score - delta, prev_score + delta)
    } else {
        (-score::INFINITE, score::INFINITE)
    };
    loop {
        let s = w.root(alpha, beta, depth);
        if w.aborted() || s == -score::INFINITE {
            // Aborted, or no root move left to search (every one excluded): no window helps.
            return s;
        }
        if s <= alpha {
            alpha = (alpha - delta).max(-score::INFINITE);
            beta = (alpha + beta) / 2;
        } else if s >= beta {
            beta = (beta + delta).min(score::INFINITE);
        } else {
            return s;
        }
        delta += delta;
    }
}

fn main_thread(
    pos: &Position,
    limits: &Limits,
    soft: Option<Duration>,
    search: &Search,
) -> SearchResult {
    let (tt, shared, info) = (search.tt, search.shared, search.info);
    let mut w = Worker::with_scratch(
        pos.clone(),
        tt,
        shared,
        true,
        scratch_for(search.scratch, limits),
    );
    w.root_only = limits.search_moves.clone();
    w.network = network_for(pos, limits);
    let root_moves = root_moves(pos, limits);
    let plan = limits.skill.map(|s| s.plan());
    // A level searches a few lines to choose from; only the ones asked for are reported.
    let wanted = plan.map_or(limits.multipv, |p| p.lines.max(limits.multipv));
    // As many lines as there are moves to search: a line more would search an empty root.
    let multipv = wanted.clamp(1, root_moves.len().max(1));
    let max_depth = limits
        .depth
        .unwrap_or(ordering::MAX_PLY as u32 - 10)
        .min(ordering::MAX_PLY as u32 - 10);
    let mut result = SearchResult::default();
    let mut gate = time::IterationGate::default();
    let mut prev_scores = vec![0i32; multipv];
    let mut last_lines: Vec<(i32, Vec<Move>)> = Vec::new();
    let mut probed = false;
    // A forced win the probe proved: played unless the search finds a mate as short.
    let mut proof: Option<Vec<Move>> = None;
    'deepening: for depth in 1..=max_depth as i32 {
        w.seldepth = 0;
        w.excluded.clear();
        let mut lines: Vec<(i32, Vec<Move>)> = Vec::new();
        for (line, prev_score) in prev_scores.iter_mut().enumerate() {
            let s = aspiration_search(&mut w, depth, *prev_score);
            w.flush_nodes();
            if w.aborted() {
                // Keep a move from the unfinished iteration only if it was fully searched.
                if line == 0
                    && let Some((mv, sc)) = w.root_best
                {
                    result.best = Some(mv);
                    result.score = sc;
                    result.ponder = w
                        .root_pv()
                        .get(1)
                        .copied()
                        .filter(|_| w.root_pv().first() == Some(&mv));
                }
                break 'deepening;
            }
            if s == -score::INFINITE || w.root_pv().is_empty() {
                break; // fewer legal moves than lines
            }
            *prev_score = s;
            let pv = w.root_pv().to_vec();
            w.excluded.push(pv[0]);
            lines.push((s, pv));
        }
        if lines.is_empty() {
            break;
        }
        // Each line is the best of the moves the earlier ones left, but a later line can come
        // back with a higher score (a wider window, what the table learnt meanwhile): the
        // lines are reported, played and re-searched best first, so every protocol (and the
        // web board's arrows) shows the best line as line 1.
        lines.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
        for (prev, (s, _)) in prev_scores.iter_mut().zip(&lines) {
            *prev = *s;
        }
        let elapsed = shared.start.elapsed();
        let nodes = shared.nodes.load(Relaxed);
        for (i, (s, pv)) in lines.iter().enumerate().take(limits.multipv.max(1)) {
            info(&Info {
                depth: depth as u32,
                seldepth: w.seldepth as u32,
                multipv: i as u32 + 1,
                score: *s,
                nodes,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                hashfull: tt.hashfull(),
                time: elapsed,
                pv: pv.clone(),
            });
        }
        let (best_score, best_pv) = &lines[0];
        result.best = best_pv.first().copied();
        result.ponder = best_pv.get(1).copied();
        result.pv = best_pv.clone();
        result.score = *best_score;
        result.depth = depth as u32;
        gate.completed(result.best);
        if !probed
            && search
                .probe
                .wanted(pos.variant(), depth as u32, *best_score)
        {
            probed = true;
            proof = mate_probe::budget(limits, soft, shared)
                .and_then(|budget| search.probe.prove(pos, &budget, &root_moves, shared));
        }
        if let Some(p) = plan {
            last_lines = lines.clone();
            if p.budget_spent(shared.nodes.load(Relaxed)) {
                break;
            }
        }
        if let Some(m) = limits.mate
            && score::is_mate(*best_score)
            && *best_score > 0
            && score::mate_moves(*best_score) <= m as i32
        {
            break;
        }
        if let Some(s) = soft
            && !shared.pondering.load(Relaxed)
            && gate.should_stop(shared.clock_elapsed(), s)
        {
            break;
        }
        if shared.stop.load(Relaxed) || shared.helper_depth() >= max_depth {
            break;
        }
    }
    log::debug!(
        "main thread: {} nodes, completed depth {}",
        w.nodes,
        result.depth
    );
    search.scratch.give(w.into_scratch());
    if let (Some(plan), Some(skill)) = (plan, limits.skill) {
        play_level_choice(
            &mut result,
            &plan,
            skill.seed,
            &last_lines,
            pos,
            shared,
            info,
        );
    } else {
        adopt_deeper_helper(&mut result, limits, tt, shared, info);
    }
    if let Some(line) = proof
        && result.score < mate_probe::proven_score(line.len())
    {
        report_proof(&mut result, line, search);
    }
    search.probe.remember(result.score);
    if result.best.is_none() {
        // No completed iteration (stopped at once): any move it may play beats none.
        result.best = root_moves.first().copied();
    }
    result
}

/// Plays a line the mate probe proved, reported as the last `info` line with its mate score.
fn report_proof(result: &mut SearchResult, line: Vec<Move>, search: &Search) {
    let score = mate_probe::proven_score(line.len());
    let hashfull = search.tt.hashfull();
    let report =
        search
            .shared
            .played_line_info(result.depth, line.len() as u32, score, hashfull, &line);
    (search.info)(&report);
    result.play(score, line);
}

/// A level's move: one of the last completed iteration's lines, drawn by [`skill::Plan`]
/// and reported as the last `info` line so that it describes the move played. The best line
/// is already the result, or an unfinished iteration's fully searched best move when the
/// search was stopped early; only another line replaces it.
fn play_level_choice(
    result: &mut SearchResult,
    plan: &skill::Plan,
    seed: u64,
    lines: &[(i32, Vec<Move>)],
    pos: &Position,
    shared: &Shared,
    info: &InfoSink,
) {
    let choice = plan.choose(lines, pos.key(), seed);
    if choice == 0 || choice >= lines.len() {
        return; // the best line: already reported and in `result`
    }
    let (score, pv) = &lines[choice];
    info(&shared.played_line_info(result.depth, result.depth, *score, 0, pv));
    result.play(*score, pv.clone());
}

/// The moves the root may play: the legal ones, narrowed to `searchmoves` if given.
fn root_moves(pos: &Position, limits: &Limits) -> Vec<Move> {
    let mut p = pos.clone();
    let mut moves = p.game_moves();
    if !limits.search_moves.is_empty() {
        moves.retain(|m| limits.search_moves.contains(m));
    }
    moves
}

/// Plays a helper's answer when a helper completed a deeper iteration than the main thread,
/// reporting it first so that the last `info` line describes the move played.
fn adopt_deeper_helper(
    result: &mut SearchResult,
    limits: &Limits,
    tt: &tt::TranspositionTable,
    shared: &Shared,
    info: &InfoSink,
) {
    let Ok(helper) = shared.helper_best.lock().map(|b| b.clone()) else {
        return;
    };
    if limits.multipv > 1 || helper.depth <= result.depth || helper.pv.is_empty() {
        return;
    }
    info(&shared.played_line_info(
        helper.depth,
        helper.seldepth,
        helper.score,
        tt.hashfull(),
        &helper.pv,
    ));
    result.depth = helper.depth;
    result.play(helper.score, helper.pv);
}

#[cfg(test)]
mod conversion_tests;
#[cfg(test)]
mod jcsa_games_tests;
#[cfg(test)]
mod tests;
