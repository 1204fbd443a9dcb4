//! Small SVG charts for the study report: grouped bars and lines, with axes, values and a legend.
//! Plain SVG 1.1 text (no plotting crate: the browser build stays small and the output is stable
//! byte for byte, so a report diff shows real changes only).

use std::fmt::Write;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 150.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 80.0;
const COLOURS: [&str; 8] = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The axis maximum: `fixed`, or the largest value rounded up to a readable step.
fn axis_max(series: &[(String, Vec<f64>)], fixed: Option<f64>) -> f64 {
    if let Some(m) = fixed {
        return m;
    }
    let max = series.iter().flat_map(|(_, v)| v.iter().copied()).fold(0.0, f64::max);
    if max <= 0.0 {
        return 1.0;
    }
    let step = 10f64.powf(max.log10().floor());
    (max / step).ceil() * step
}

fn frame(title: &str, max: f64, series: &[(String, Vec<f64>)]) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">"#
    );
    let _ = write!(s, r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#);
    let _ =
        write!(s, r#"<text x="{}" y="22" font-size="14" text-anchor="middle">{}</text>"#, WIDTH / 2.0, escape(title));
    let plot_h = HEIGHT - TOP - BOTTOM;
    for i in 0..=4 {
        let v = max * f64::from(i) / 4.0;
        let y = TOP + plot_h - plot_h * f64::from(i) / 4.0;
        let _ = write!(
            s,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            y + 4.0,
            tick(v)
        );
    }
    for (i, (name, _)) in series.iter().enumerate() {
        let y = TOP + 14.0 * i as f64;
        let _ = write!(
            s,
            r#"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="{}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
            WIDTH - RIGHT + 12.0,
            y,
            COLOURS[i % COLOURS.len()],
            WIDTH - RIGHT + 26.0,
            y + 9.0,
            escape(name)
        );
    }
    s
}

fn tick(v: f64) -> String {
    if v >= 10.0 || v == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

fn category_label(s: &mut String, x: f64, label: &str) {
    let y = HEIGHT - BOTTOM + 12.0;
    let _ = write!(
        s,
        r#"<text x="{x:.1}" y="{y:.1}" text-anchor="end" transform="rotate(-30 {x:.1} {y:.1})">{}</text>"#,
        escape(label)
    );
}

/// Grouped bars: one group per category, one bar per series, the value above each bar.
pub fn bars(title: &str, categories: &[String], series: &[(String, Vec<f64>)], fixed_max: Option<f64>) -> String {
    let max = axis_max(series, fixed_max);
    let mut s = frame(title, max, series);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let group = plot_w / categories.len().max(1) as f64;
    let bar = (group * 0.8) / series.len().max(1) as f64;
    for (c, label) in categories.iter().enumerate() {
        let x0 = LEFT + group * c as f64 + group * 0.1;
        for (i, (_, values)) in series.iter().enumerate() {
            let v = values.get(c).copied().unwrap_or(0.0);
            let h = (v / max).clamp(0.0, 1.0) * plot_h;
            let x = x0 + bar * i as f64;
            let y = TOP + plot_h - h;
            let _ = write!(
                s,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{h:.1}" fill="{}"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="9">{}</text>"#,
                bar * 0.9,
                COLOURS[i % COLOURS.len()],
                x + bar * 0.45,
                y - 3.0,
                tick(v)
            );
        }
        category_label(&mut s, LEFT + group * (c as f64 + 0.5), label);
    }
    s.push_str("</svg>\n");
    s
}

/// One line per series over the categories, with a dot and value at each point.
pub fn lines(title: &str, categories: &[String], series: &[(String, Vec<f64>)], fixed_max: Option<f64>) -> String {
    let max = axis_max(series, fixed_max);
    let mut s = frame(title, max, series);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let step = plot_w / categories.len().max(1) as f64;
    let x = |c: usize| LEFT + step * (c as f64 + 0.5);
    for (i, (_, values)) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(c, v)| format!("{:.1},{:.1}", x(c), TOP + plot_h - (v / max).clamp(0.0, 1.0) * plot_h))
            .collect();
        let _ =
            write!(s, r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#, points.join(" "));
        for p in &points {
            let (px, py) = p.split_once(',').unwrap_or(("0", "0"));
            let _ = write!(s, r#"<circle cx="{px}" cy="{py}" r="3" fill="{colour}"/>"#);
        }
    }
    for (c, label) in categories.iter().enumerate() {
        category_label(&mut s, x(c), label);
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_scale_to_the_axis_and_escape_names() {
        let series = vec![("a<b".to_string(), vec![0.5, 1.0]), ("c".to_string(), vec![0.25, 0.0])];
        let svg = bars("F1 & more", &["x".into(), "y".into()], &series, Some(1.0));
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("F1 &amp; more") && svg.contains("a&lt;b"));
        // Full scale is the plot height, half scale half of it.
        let plot_h = HEIGHT - TOP - BOTTOM;
        assert!(svg.contains(&format!(r#"height="{plot_h:.1}""#)));
        assert!(svg.contains(&format!(r#"height="{:.1}""#, plot_h / 2.0)));
        assert_eq!(svg.matches("<rect").count(), 1 + 2 + 4);
        let line = lines("t", &["1".into(), "2".into()], &series, None);
        assert_eq!(line.matches("<polyline").count(), 2);
        assert_eq!(axis_max(&[("s".into(), vec![37.0])], None), 40.0);
    }
}
