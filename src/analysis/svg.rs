//! The evaluation graph as a standalone SVG file: Black's expected score (the logistic of
//! [`super::model`], so mates and results sit on the edges and no clamping is needed) over the
//! plies, the area under the curve shaded as Black's share, and a mark on every move with a
//! verdict.

use super::driver::Analysis;
use super::model::{self, Verdict};

const WIDTH: f64 = 900.0;
const HEIGHT: f64 = 300.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 40.0;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Plies between x-axis labels: about eight labels on any game length.
fn tick_step(plies: usize) -> usize {
    [10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|&s| plies / s <= 8)
        .unwrap_or(2000)
}

fn mark_style(v: Verdict) -> (&'static str, f64) {
    match v {
        Verdict::Inaccuracy => ("#e0b000", 2.5),
        Verdict::Mistake => ("#e07000", 3.5),
        Verdict::Blunder => ("#d01010", 4.5),
    }
}

/// The graph (ends with a newline).
pub fn write(a: &Analysis) -> String {
    let n = a.plies.len().max(1) as f64;
    let (w, h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |ply: usize| LEFT + ply as f64 * w / n;
    let y = |e: f64| TOP + (1.0 - e) * h;
    let points: Vec<String> = a
        .positions
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.eval.expected_black())))
        .collect();
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    s.push_str(&format!(
        "<title>{}</title>\n",
        escape(&format!(
            "Shishi analysis: {} ({} rules), {} plies",
            a.game.variant.name(),
            a.game.rules.name(),
            a.plies.len()
        ))
    ));
    s.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\n\
         <rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{w}\" height=\"{h}\" fill=\"#f4f4f4\" stroke=\"#999999\"/>\n"
    ));
    // Black's share: the area between the curve and the bottom edge (0 = White wins).
    s.push_str(&format!(
        "<polygon fill=\"#c8c8c8\" points=\"{:.1},{:.1} {} {:.1},{:.1}\"/>\n",
        x(0),
        y(0.0),
        points.join(" "),
        x(a.positions.len() - 1),
        y(0.0)
    ));
    for (e, label) in [
        (1.0, "Black wins"),
        (0.75, "0.75"),
        (0.5, "level"),
        (0.25, "0.25"),
        (0.0, "White wins"),
    ] {
        let dash = if e == 0.5 {
            ""
        } else {
            " stroke-dasharray=\"3,3\""
        };
        s.push_str(&format!(
            "<line x1=\"{LEFT}\" y1=\"{yy:.1}\" x2=\"{:.1}\" y2=\"{yy:.1}\" stroke=\"#888888\"{dash}/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>\n",
            LEFT + w,
            LEFT - 4.0,
            y(e) + 4.0,
            yy = y(e)
        ));
    }
    let step = tick_step(a.plies.len());
    for ply in (0..=a.plies.len()).step_by(step) {
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{ply}</text>\n",
            x(ply),
            TOP + h + 15.0
        ));
    }
    s.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">ply</text>\n\
         <text x=\"{LEFT}\" y=\"{:.1}\">{}</text>\n",
        LEFT + w / 2.0,
        HEIGHT - 6.0,
        TOP - 10.0,
        escape(&format!(
            "{} ({} rules): Black's expected score after each ply",
            a.game.variant.name(),
            a.game.rules.name()
        ))
    ));
    // Legend, top right.
    let mut lx = LEFT + w - 250.0;
    for v in [Verdict::Inaccuracy, Verdict::Mistake, Verdict::Blunder] {
        let (colour, r) = mark_style(v);
        s.push_str(&format!(
            "<circle cx=\"{lx:.1}\" cy=\"{:.1}\" r=\"{r}\" fill=\"{colour}\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\">{}</text>\n",
            TOP - 14.0,
            lx + 8.0,
            TOP - 10.0,
            v.name()
        ));
        lx += 85.0;
    }
    s.push_str(&format!(
        "<polyline fill=\"none\" stroke=\"#202020\" stroke-width=\"1.5\" points=\"{}\"/>\n",
        points.join(" ")
    ));
    for (i, p) in a.plies.iter().enumerate() {
        let Some(v) = p.verdict else { continue };
        let (colour, r) = mark_style(v);
        let after = &a.positions[i + 1];
        s.push_str(&format!(
            "<circle class=\"mark\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"{r}\" fill=\"{colour}\"><title>{}</title></circle>\n",
            x(i + 1),
            y(after.eval.expected_black()),
            escape(&format!(
                "ply {} {} {}: {} (drop {:.3}), best {}",
                p.ply,
                model::side_name(p.side),
                p.played.text(),
                v.name(),
                p.drop,
                a.positions[i].best.map_or_else(|| "-".to_string(), |m| m.text())
            ))
        ));
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_eight_labels_whatever_the_length() {
        for plies in [1, 30, 80, 300, 1000, 5000] {
            let labels = plies / tick_step(plies) + 1;
            assert!((1..=9).contains(&labels), "{plies}: {labels}");
        }
    }
}
