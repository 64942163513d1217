//! `shishi bench limits`: how far past its limits the engine answers, through the protocol
//! loop itself ([`shishi::protocol::Engine`], as a GUI meets it, minus the pipe): `go movetime`,
//! `go byoyomi` with no main time left, and `stop` during `go infinite`, for every thread
//! count the engine allows. Figures in docs/reliability.md.

use shishi::protocol::{Engine, Output, Protocol};
use std::io::Write;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

/// Protocol output as whole lines, each stamped when the engine wrote it.
struct StampedLines {
    tx: Sender<(Instant, String)>,
    partial: Vec<u8>,
}

impl Write for StampedLines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(i) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=i).collect();
            let text = String::from_utf8_lossy(&line[..i]).into_owned();
            let _ = self.tx.send((Instant::now(), text));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Lets the engine deliver results until a `bestmove` is written; when it was written.
fn wait_bestmove(
    engine: &mut Engine,
    lines: &Receiver<(Instant, String)>,
) -> Result<Instant, String> {
    let give_up = Instant::now() + Duration::from_secs(60);
    loop {
        engine.poll();
        if let Ok((at, line)) = lines.recv_timeout(Duration::from_micros(200))
            && line.starts_with("bestmove")
        {
            return Ok(at);
        }
        if Instant::now() > give_up {
            return Err("no bestmove within 60 s".into());
        }
    }
}

fn median_and_max(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

/// Runs the measurements: `runs` of each limit for 1 to the maximum thread count.
pub fn bench_limits(runs: usize, out: &mut impl Write) -> Result<(), String> {
    let (tx, lines) = channel();
    let output = Output::new(Box::new(StampedLines {
        tx,
        partial: Vec::new(),
    }));
    let mut engine = Engine::new(Some(Protocol::Usi), output);
    engine.line("usi");
    let max_threads = shishi::search::max_threads();
    let w = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "limit overshoot in ms (answer time minus limit), median / max of {runs} runs, chu start position"
    )
    .map_err(w)?;
    writeln!(
        out,
        "threads  movetime 300   byoyomi 300   stop after 200 ms"
    )
    .map_err(w)?;
    for threads in 1..=max_threads {
        engine.line(&format!("setoption name Threads value {threads}"));
        let (mut movetime, mut byoyomi, mut stop) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            engine.line("position startpos");
            while lines.try_recv().is_ok() {}
            let sent = Instant::now();
            engine.line("go movetime 300");
            let at = wait_bestmove(&mut engine, &lines)?;
            movetime.push(at.duration_since(sent).as_secs_f64() * 1000.0 - 300.0);

            let sent = Instant::now();
            engine.line("go btime 0 wtime 0 byoyomi 300");
            let at = wait_bestmove(&mut engine, &lines)?;
            byoyomi.push(at.duration_since(sent).as_secs_f64() * 1000.0 - 300.0);

            engine.line("go infinite");
            std::thread::sleep(Duration::from_millis(200));
            let sent = Instant::now();
            engine.line("stop");
            let at = wait_bestmove(&mut engine, &lines)?;
            stop.push(at.duration_since(sent).as_secs_f64() * 1000.0);
        }
        let [m, b, s] = [movetime, byoyomi, stop].map(median_and_max);
        writeln!(
            out,
            "{threads:>7}  {:>6.1} / {:<6.1} {:>6.1} / {:<6.1} {:>6.1} / {:<6.1}",
            m.0, m.1, b.0, b.1, s.0, s.1
        )
        .map_err(w)?;
    }
    engine.line("quit");
    Ok(())
}
