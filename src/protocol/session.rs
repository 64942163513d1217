//! State shared by the three protocols: the game (variant, rule set, position with its move
//! history) and the control of the background search.

use super::Event;
use crate::rules::outcome::GameResult;
use crate::rules::{Move, Position, RuleSet, Variant};
use crate::search::{InfoSink, Limits, SearchHandle, SearchResult, Searcher};
use std::sync::mpsc::Sender;

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
    // Without move generation: this runs for every move of every `position … moves`, and a
    // position without a legal move refuses the move by the legality check below.
    if let Some(GameResult::Win(_, why) | GameResult::Draw(why)) = pos.outcome_before_a_move() {
        return Err(format!(
            "illegal move {}: the game is over ({})",
            super::clip(text),
            why.text()
        ));
    }
    let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
    if !pos.allowed_in_game(mv) {
        return Err(format!("illegal move {text}: it repeats a position"));
    }
    Ok(mv)
}

struct Running {
    id: u64,
    /// `None`: nothing to search (no legal move), the result is the empty one.
    handle: Option<SearchHandle>,
    /// Infinite or pondering: the result waits for `stop` or `ponderhit`.
    hold: bool,
}

impl Running {
    fn finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    fn join(self) -> SearchResult {
        match self.handle {
            Some(h) => {
                h.stop();
                h.wait()
            }
            None => SearchResult::default(),
        }
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

    /// Whether a search is still searching, or held (`go infinite`, `go ponder`): not one that
    /// has ended on its own and whose result waits to be sent.
    pub fn searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.hold || !r.finished())
    }

    /// Starts a search in the background (on a host without threads: runs it to its end);
    /// `hold` keeps its result until [`Self::release`] or [`Self::stop`] (`go infinite`,
    /// `go ponder`, analysis). A search already running is stopped and its result dropped:
    /// the front ends report it first with [`Self::stop`]. A position without a legal move
    /// gets an immediate empty result, and so does a game that is over (its royal taken): it
    /// is held like any other.
    pub fn start(&mut self, pos: &Position, limits: Limits, sink: InfoSink, hold: bool) -> u64 {
        if let Some(r) = self.running.take() {
            r.join();
        }
        let id = self.next_id;
        self.next_id += 1;
        let tx = self.events.clone();
        let done = move || {
            let _ = tx.send(Event::SearchDone(id));
        };
        let handle = if pos.clone().playable_moves().is_empty() {
            done();
            None
        } else {
            Some(self.searcher.start(pos, limits, sink, done))
        };
        self.running = Some(Running { id, handle, hold });
        id
    }

    /// Stops the search (if any) and returns its result.
    pub fn stop(&mut self) -> Option<SearchResult> {
        self.running.take().map(Running::join)
    }

    /// `ponderhit`: the clock starts; the result is no longer held. Returns the result if the
    /// search had already finished.
    pub fn ponderhit(&mut self) -> Option<SearchResult> {
        if let Some(h) = self.running.as_ref().and_then(|r| r.handle.as_ref()) {
            h.ponderhit();
        }
        self.release()
    }

    /// Lets the result go out when the search ends; returns it now if it already has.
    pub fn release(&mut self) -> Option<SearchResult> {
        let r = self.running.as_mut()?;
        r.hold = false;
        if r.finished() {
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
