//! Invite codes: which computer to dial and which seat's secret to show.
//!
//! A code reads `<game>/<host>.<token>`: the game's id (so the friend's
//! Aviary opens the right table), the host's public key in z-base-32 (52
//! letters and digits, the same every time that Aviary hosts) and the
//! seat's token (16 more). The network finds the host by its key (address
//! lookup, relays). A host without address lookup (tests, a LAN with
//! relays off) adds its addresses after `@`, and a host on a relay of its
//! own adds the relay after `#`:
//! `daedalus/<host>.<token>@127.0.0.1:5000,[::1]:5000#https://relay.example`.

use std::net::SocketAddr;

/// The letters of z-base-32 (no 0, l, v, 2: easy to read out).
const Z32: &[u8; 32] = b"ybndrfg8ejkmcpqxot1uwisza345h769";

/// Letters in a seat token (80 bits).
pub const TOKEN_CHARS: usize = 16;

/// A parsed invite code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The game's id (`daedalus`).
    pub game: String,
    /// The host's public key, z-base-32.
    pub host: String,
    /// The seat's secret.
    pub token: String,
    /// Addresses to try first (empty: look the host up).
    pub addrs: Vec<SocketAddr>,
    /// The host's relay, when it is not one of the default ones.
    pub relay: Option<String>,
}

impl Invite {
    /// The code as text.
    #[must_use]
    pub fn code(&self) -> String {
        let mut code = format!("{}/{}.{}", self.game, self.host, self.token);
        if !self.addrs.is_empty() {
            let addrs: Vec<String> = self.addrs.iter().map(ToString::to_string).collect();
            code = format!("{code}@{}", addrs.join(","));
        }
        if let Some(relay) = &self.relay {
            code = format!("{code}#{relay}");
        }
        code
    }

    /// Reads a code as a person pasted it (spaces and line breaks around
    /// it, or inside it from a chat's wrapping, are ignored).
    ///
    /// # Errors
    /// What is wrong with it, in words.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if text.is_empty() {
            return Err("paste the invite code your friend sent".into());
        }
        let (rest, relay) = match text.split_once('#') {
            Some((a, r)) => (a, Some(r.to_string())),
            None => (text.as_str(), None),
        };
        let (rest, addrs) = match rest.split_once('@') {
            Some((a, list)) => {
                let addrs = list
                    .split(',')
                    .map(|s| s.parse::<SocketAddr>().map_err(|_| format!("\"{s}\" in the code is not an address")))
                    .collect::<Result<Vec<_>, _>>()?;
                (a, addrs)
            }
            None => (rest, Vec::new()),
        };
        let Some((game, rest)) = rest.split_once('/') else {
            return Err("this is not an Aviary invite code (it does not start with a game's name and \"/\")".into());
        };
        let game = game.to_ascii_lowercase();
        if game.is_empty() || !game.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
            return Err(format!("\"{game}\" is not the name of a game in an invite code"));
        }
        let Some((host, token)) = rest.split_once('.') else {
            return Err("this is not an Aviary invite code (it has no \".\" between the host and the seat)".into());
        };
        let host = host.to_ascii_lowercase();
        let token = token.to_ascii_lowercase();
        if host.len() != 52 || !host.bytes().all(|b| Z32.contains(&b)) {
            return Err(format!(
                "the host part of the code should be 52 letters and digits, it has {}: was it cut short?",
                host.len()
            ));
        }
        if token.len() != TOKEN_CHARS || !token.bytes().all(|b| Z32.contains(&b)) {
            return Err(format!(
                "the seat part of the code should be {TOKEN_CHARS} letters and digits after the \".\""
            ));
        }
        if let Some(r) = &relay
            && !(r.starts_with("https://") || r.starts_with("http://"))
        {
            return Err("the relay at the end of the code should be a web address".into());
        }
        Ok(Self { game, host, token, addrs, relay })
    }
}

/// A new seat token: 80 random bits from the operating system's random
/// source, in z-base-32. Should the source fail (it does not on the
/// systems Aviary runs on), the standard library's randomly keyed hashes
/// stand in.
#[must_use]
pub fn fresh_token() -> String {
    let mut bytes = [0u8; 16];
    let bits = if getrandom::fill(&mut bytes).is_ok() {
        u128::from_le_bytes(bytes)
    } else {
        use std::hash::{BuildHasher, Hasher};
        let mut bits = 0u128;
        for _ in 0..2 {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(0x6176_6961_7279);
            bits = (bits << 64) | u128::from(h.finish());
        }
        bits
    };
    (0..TOKEN_CHARS).map(|i| Z32[((bits >> (5 * i)) & 31) as usize] as char).collect()
}

/// Whether two secrets are the same, compared in time that does not
/// depend on where they first differ (a stranger cannot learn a token a
/// character at a time by timing the answers).
#[must_use]
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A name as others may be shown it: no control characters and no
/// characters that turn or hide text (bidirectional overrides and
/// isolates, zero-width characters), spaces trimmed, at most 40
/// characters.
#[must_use]
pub fn clean_name(name: &str) -> String {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c,
                '\u{200b}'..='\u{200f}' // zero width, marks
                | '\u{202a}'..='\u{202e}' // embeddings, overrides
                | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
                | '\u{2066}'..='\u{2069}' // isolates
                | '\u{feff}' // zero-width no-break space
                | '\u{061c}' // Arabic letter mark
            )
    };
    let clean: String = name.chars().filter(|&c| !hidden(c)).take(40).collect();
    clean.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_and_tokens_differ() {
        let a = fresh_token();
        let b = fresh_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), TOKEN_CHARS);
        let invite = Invite {
            game: "some-game".into(),
            host: "y".repeat(52),
            token: a,
            addrs: vec!["127.0.0.1:5000".parse().expect("an address")],
            relay: Some("https://relay.example".into()),
        };
        let code = invite.code();
        assert_eq!(Invite::parse(&format!("  {}\n", code.replacen('.', ".\n", 1))), Ok(invite.clone()));
        let plain = Invite { addrs: Vec::new(), relay: None, ..invite };
        assert_eq!(plain.code().len(), "some-game/".len() + 52 + 1 + TOKEN_CHARS);
        assert!(Invite::parse("hello").expect_err("not a code").contains("not an Aviary invite code"));
        assert!(Invite::parse(&plain.code()[..40]).is_err());
        assert!(Invite::parse(&plain.code()[10..]).expect_err("no game").contains("game"));
        assert!(
            Invite::parse(&format!("{}@nowhere", plain.code())).expect_err("no address").contains("not an address")
        );
    }
}
