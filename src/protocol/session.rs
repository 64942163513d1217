//! State shared by the three protocols: the game (variant, rule set, position with its move
//! history) and the control of the background search.

use super::Event;
use crate::rules::{Move, Position, RuleSet, Variant};
use crate::search::{InfoSink, Limits, SearchHandle, SearchResult, Searcher};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The game being played or analysed.
#[derive(Clone)]
pub struct Game {
    /// The position after every move so far (its undo stack is the game's history).
    pub pos: Position,
}

impl Game {
    /// The start position of a game.
    pub fn start(variant: Variant, rules: RuleSet) -> Game {
        Game {
            pos: Position::start(variant, rules),
        }
    }

    /// Variant of the game.
    pub fn variant(&self) -> Variant {
        self.pos.variant()
    }

    /// Rule set of the game.
    pub fn rules(&self) -> RuleSet {
        self.pos.rules()
    }

    /// A game from a position string (`None`: the start position) and moves; nothing changes
    /// on error, which names the first bad field or move.
    pub fn from_moves<'a>(
        variant: Variant,
        rules: RuleSet,
        sfen: Option<&str>,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Game, String> {
        let mut pos = match sfen {
            None => Position::start(variant, rules),
            Some(s) => Position::from_sfen(variant, rules, s).map_err(|e| e.to_string())?,
        };
        for text in moves {
            let mv = parse_game_move(&mut pos, text)?;
            pos.make(mv);
        }
        Ok(Game { pos })
    }

    /// Plays a move given as text, if legal in a game.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        let mv = parse_game_move(&mut self.pos, text)?;
        self.pos.make(mv);
        Ok(mv)
    }
}

/// A move text that is legal in a game here (generated and not forbidden by repetition).
pub fn parse_game_move(pos: &mut Position, text: &str) -> Result<Move, String> {
    let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
    if !pos.allowed_in_game(mv) {
        return Err(format!("illegal move {text}: it repeats a position"));
    }
    Ok(mv)
}

struct Running {
    id: u64,
    handle: Arc<Mutex<Option<SearchHandle>>>,
    result: Arc<Mutex<Option<SearchResult>>>,
    waiter: Option<JoinHandle<()>>,
    /// Infinite or pondering: the result waits for `stop` or `ponderhit`.
    hold: bool,
}

impl Running {
    fn join(&mut self) -> SearchResult {
        if let Some(h) = lock(&self.handle).as_ref() {
            h.stop();
        }
        if let Some(w) = self.waiter.take() {
            let _ = w.join();
        }
        lock(&self.result).take().unwrap_or_default()
    }
}

/// The searcher and the search in progress, if any.
pub struct SearchControl {
    /// The engine.
    pub searcher: Searcher,
    running: Option<Running>,
    next_id: u64,
    events: Sender<Event>,
}

impl SearchControl {
    /// A searcher reporting search ends on `events`.
    pub fn new(hash_mb: usize, threads: usize, events: Sender<Event>) -> Result<Self, String> {
        Ok(SearchControl {
            searcher: Searcher::new(hash_mb, threads)?,
            running: None,
            next_id: 1,
            events,
        })
    }

    /// Whether a search is in progress (or finished and held).
    pub fn active(&self) -> bool {
        self.running.is_some()
    }

    /// Starts a search in the background; `hold` keeps its result until [`Self::release`] or
    /// [`Self::stop`] (`go infinite`, `go ponder`, analysis). A position without a legal move
    /// gets an immediate empty result.
    pub fn start(&mut self, pos: &Position, limits: Limits, sink: InfoSink, hold: bool) -> u64 {
        if self.running.is_some() {
            self.stop();
        }
        let id = self.next_id;
        self.next_id += 1;
        let result = Arc::new(Mutex::new(None));
        let mut probe = pos.clone();
        if probe.game_moves().is_empty() {
            *lock(&result) = Some(SearchResult::default());
            let _ = self.events.send(Event::SearchDone(id));
            self.running = Some(Running {
                id,
                handle: Arc::new(Mutex::new(None)),
                result,
                waiter: None,
                hold,
            });
            return id;
        }
        let handle = Arc::new(Mutex::new(Some(self.searcher.start(pos, limits, sink))));
        let (h2, r2, tx) = (handle.clone(), result.clone(), self.events.clone());
        let waiter = std::thread::Builder::new()
            .name("search-waiter".into())
            .spawn(move || {
                loop {
                    if lock(&h2).as_ref().is_none_or(|h| h.is_finished()) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                let taken = lock(&h2).take();
                let res = taken.map(|h| h.wait()).unwrap_or_default();
                *lock(&r2) = Some(res);
                let _ = tx.send(Event::SearchDone(id));
            })
            .ok();
        self.running = Some(Running {
            id,
            handle,
            result,
            waiter,
            hold,
        });
        id
    }

    /// Stops the search (if any) and returns its result.
    pub fn stop(&mut self) -> Option<SearchResult> {
        self.running.take().map(|mut r| r.join())
    }

    /// `ponderhit`: the clock starts; the result is no longer held. Returns the result if the
    /// search had already finished.
    pub fn ponderhit(&mut self) -> Option<SearchResult> {
        if let Some(r) = &self.running
            && let Some(h) = lock(&r.handle).as_ref()
        {
            h.ponderhit();
        }
        self.release()
    }

    /// Lets the result go out when the search ends; returns it now if it already has.
    pub fn release(&mut self) -> Option<SearchResult> {
        let r = self.running.as_mut()?;
        r.hold = false;
        if lock(&r.result).is_some() {
            return self.stop();
        }
        None
    }

    /// Handles [`Event::SearchDone`]: the result, unless it is held or stale.
    pub fn finished(&mut self, id: u64) -> Option<SearchResult> {
        let r = self.running.as_ref()?;
        if r.id != id || r.hold {
            return None;
        }
        self.stop()
    }
}
