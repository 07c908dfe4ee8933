//! Byte counts as people write them: `24GiB`, `512MiB`, `1.5GB`, `1e9`.

/// Parse a byte count: a number (integer, decimal or with an exponent)
/// and an optional unit, `B`, `KB`/`MB`/`GB`/`TB` (powers of 1000) or
/// `KiB`/`MiB`/`GiB`/`TiB` (powers of 1024), case-insensitive, with or
/// without a space. The result is rounded down to whole bytes.
pub fn parse_bytes(text: &str) -> Result<i64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| c.is_ascii_alphabetic() && c != 'e' && c != 'E')
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number = number.trim();
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a byte count (such as 24GiB, 512MiB or 1e9)"))?;
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "kb" => 1e3,
        "mb" => 1e6,
        "gb" => 1e9,
        "tb" => 1e12,
        "kib" => 1024.0,
        "mib" => 1024.0 * 1024.0,
        "gib" => 1024.0 * 1024.0 * 1024.0,
        "tib" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        other => {
            return Err(format!(
                "`{other}` is not a unit (B, KB, MB, GB, TB, KiB, MiB, GiB, TiB)"
            ));
        }
    };
    let bytes = value * scale;
    if !bytes.is_finite() || bytes < 0.0 {
        return Err(format!("`{text}` is not a byte count"));
    }
    if bytes >= i64::MAX as f64 {
        return Err(format!("`{text}` is too large"));
    }
    Ok(bytes.floor() as i64)
}

/// `n` bytes in the largest binary unit that keeps it at least 1, with
/// three significant digits (`1.50 GiB`, `512 MiB`, `17 B`).
pub fn format_bytes(n: i64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if n.unsigned_abs() < 1024 {
        return format!("{n} B");
    }
    let mut v = n as f64;
    let mut unit = "B";
    for u in UNITS {
        if v.abs() < 1024.0 {
            break;
        }
        v /= 1024.0;
        unit = u;
    }
    if v.abs() >= 100.0 {
        format!("{v:.0} {unit}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1} {unit}")
    } else {
        format!("{v:.2} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units() {
        assert_eq!(parse_bytes("24GiB"), Ok(24 << 30));
        assert_eq!(parse_bytes("512MiB"), Ok(512 << 20));
        assert_eq!(parse_bytes("1e9"), Ok(1_000_000_000));
        assert_eq!(parse_bytes("1.5 GB"), Ok(1_500_000_000));
        assert_eq!(parse_bytes("16gib"), Ok(16 << 30));
        assert_eq!(parse_bytes("100"), Ok(100));
        assert_eq!(parse_bytes("2.5e3KiB"), Ok(2_560_000));
        assert!(parse_bytes("12 parsecs").is_err());
        assert!(parse_bytes("GiB").is_err());
        assert!(parse_bytes("-1GiB").is_err());
        assert!(parse_bytes("1e30").is_err());
    }

    #[test]
    fn printing() {
        assert_eq!(format_bytes(17), "17 B");
        assert_eq!(format_bytes(1536), "1.50 KiB");
        assert_eq!(format_bytes(512 << 20), "512 MiB");
        assert_eq!(format_bytes(24 << 30), "24.0 GiB");
    }
}
