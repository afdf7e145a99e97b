//! Numbers as a reader takes them in: a time in its own unit, a count in thousands or millions.
//! Shared by the tables written here and the charts drawn elsewhere, so a time reads the same
//! in a table cell and on an axis.

/// Human units for a time given in µs, to three significant digits.
pub fn fmt_us(us: f64) -> String {
    if us >= 86_400e6 {
        format!("{} d", trim(us / 86_400e6))
    } else if us >= 3_600e6 {
        format!("{} h", trim(us / 3_600e6))
    } else if us >= 1e6 {
        format!("{} s", trim(us / 1e6))
    } else if us >= 1e3 {
        format!("{} ms", trim(us / 1e3))
    } else if us >= 1.0 {
        format!("{} µs", trim(us))
    } else {
        format!("{} ns", trim(us * 1e3))
    }
}

/// Compact numbers for axes (1k, 2.5M).
pub fn fmt_count(v: f64) -> String {
    let a = v.abs();
    if a >= 1e9 {
        format!("{}G", trim(v / 1e9))
    } else if a >= 1e6 {
        format!("{}M", trim(v / 1e6))
    } else if a >= 1e3 {
        format!("{}k", trim(v / 1e3))
    } else {
        trim(v)
    }
}

fn trim(v: f64) -> String {
    crate::stats::rounded(v).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_counts_in_their_units() {
        assert_eq!(fmt_us(2_500_000.0), "2.5 s");
        assert_eq!(fmt_us(1500.0), "1.5 ms");
        assert_eq!(fmt_us(107.80000305175781), "108 µs");
        assert_eq!(fmt_us(0.25), "250 ns");
        assert_eq!(fmt_count(622_577_597.0), "623M");
    }
}
