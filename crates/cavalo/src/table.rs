//! Plain-text tables for people: columns two spaces apart, each as wide as its widest cell as a
//! terminal shows it (by display width, so that `nós` and `Branco` line up like `nodes`).

use unicode_width::UnicodeWidthStr;

/// How a column's cells sit in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text: to the left.
    Left,
    /// Numbers: to the right.
    Right,
}

/// The table of `header` and `rows`, one line each (ending in a newline), the cells of column
/// `i` aligned as `align[i]` says (left when not said). No line ends in spaces.
pub fn table(header: &[String], rows: &[Vec<String>], align: &[Align]) -> String {
    let columns = header.len().max(rows.iter().map(Vec::len).max().unwrap_or(0));
    let mut widths = vec![0; columns];
    // No header line when there is no header.
    let lines = || (!header.is_empty()).then_some(header).into_iter().chain(rows.iter().map(Vec::as_slice));
    for row in lines() {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    let mut out = String::new();
    for row in lines() {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            let pad = " ".repeat(widths[i].saturating_sub(cell.width()));
            match align.get(i).copied().unwrap_or(Align::Left) {
                Align::Left => {
                    line.push_str(cell);
                    line.push_str(&pad);
                }
                Align::Right => {
                    line.push_str(&pad);
                    line.push_str(cell);
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_by_displayed_width() {
        let s = |v: &[&str]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let text = table(
            &s(&["lado", "nós"]),
            &[s(&["Branco", "12"]), s(&["Preto", "3456"])],
            &[Align::Left, Align::Right],
        );
        assert_eq!(text, "lado     nós\nBranco    12\nPreto   3456\n");
        // Wide characters take two columns each.
        let text = table(&s(&["名前", "x"]), &[s(&["ab", "1"])], &[Align::Left, Align::Left]);
        assert_eq!(text, "名前  x\nab    1\n");
        // Without a header, only the rows.
        assert_eq!(table(&[], &[s(&["a", "1"])], &[]), "a  1\n");
    }
}
