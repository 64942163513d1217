//! The kanji of every piece type, as the rules files list them (chu.md §3, daidai.md §3):
//! what players read on real pieces, so boards and diagrams can show them. Keyed by the
//! catalogues' abbreviations; a test checks that every type of both catalogues has one.
//! The king is written 玉将 for Black and 王将 for White, as on a real set.
//!
//! Each type also has a **one-kanji** name, the abbreviation diagrams and records use where a
//! square has room for one character:
//! - **Chu**: the conventional abbreviations (獅 lion, 奔 free king, 龍 dragon king, 馬 dragon
//!   horse, 麒 kirin, 鳳 phoenix, 象 drunk elephant, 太 crown prince, 虎 blind tiger, 豹
//!   ferocious leopard, 竪 vertical mover, 横 side mover, 反 reverse chariot, 仲 go-between,
//!   鹿 flying stag, 牛 flying ox, 猪 free boar, 鷹 horned falcon, 鷲 soaring eagle, 鯨 whale,
//!   駒 white horse, と tokin, and the shogi pieces' 玉/王 金 銀 銅 飛 角 香 歩); all distinct.
//! - **Dai dai**, whose 68 types outnumber the distinct first kanji of their names, by one rule
//!   (the test checks it): a type with a name chu has takes chu's abbreviation; every other
//!   type, in the table's order, takes the first kanji of its name unless a type before it (or
//!   one of chu's abbreviations) has it, else the second kanji unless that is taken or is 将
//!   (every general is one); where neither is free no single kanji tells the type apart, and
//!   its "one-kanji" name is its whole two-kanji name (飛龍 flying dragon, 猛虎 fierce tiger,
//!   右将 right general, 左将 left general, 大象 great elephant). So no two types of a game
//!   share a name.

/// Chu shogi: abbreviation, kanji and one-kanji name.
pub static CHU: [(&str, &str, &str); 30] = [
    ("K", "玉将/王将", "玉/王"),
    ("FK", "奔王", "奔"),
    ("Ln", "獅子", "獅"),
    ("DK", "龍王", "龍"),
    ("DH", "龍馬", "馬"),
    ("R", "飛車", "飛"),
    ("B", "角行", "角"),
    ("Kr", "麒麟", "麒"),
    ("Ph", "鳳凰", "鳳"),
    ("DE", "酔象", "象"),
    ("BT", "盲虎", "虎"),
    ("FL", "猛豹", "豹"),
    ("G", "金将", "金"),
    ("S", "銀将", "銀"),
    ("C", "銅将", "銅"),
    ("VM", "竪行", "竪"),
    ("SM", "横行", "横"),
    ("RC", "反車", "反"),
    ("L", "香車", "香"),
    ("GB", "仲人", "仲"),
    ("P", "歩兵", "歩"),
    ("CP", "太子", "太"),
    ("FS", "飛鹿", "鹿"),
    ("FO", "飛牛", "牛"),
    ("FBo", "奔猪", "猪"),
    ("HF", "角鷹", "鷹"),
    ("SE", "飛鷲", "鷲"),
    ("W", "鯨鯢", "鯨"),
    ("WH", "白駒", "駒"),
    ("+P", "と金", "と"),
];

/// Dai dai shogi: abbreviation, kanji and one-kanji name (the module's rule).
pub static DAIDAI: [(&str, &str, &str); 68] = [
    ("K", "玉将/王将", "玉/王"),
    ("Q", "奔王", "奔"),
    ("RB", "行鳥", "行"),
    ("Fr", "奔鬼", "鬼"),
    ("FT", "奔獏", "獏"),
    ("WB", "水牛", "水"),
    ("DK", "龍王", "龍"),
    ("DH", "龍馬", "馬"),
    ("Sq", "方行", "方"),
    ("Ra", "走車", "走"),
    ("R", "飛車", "飛"),
    ("B", "角行", "角"),
    ("GB", "金翅", "翅"),
    ("GD", "大龍", "大"),
    ("SB", "前旗", "前"),
    ("FE", "香象", "象"),
    ("WE", "白象", "白"),
    ("Ln", "獅子", "獅"),
    ("LD", "狛犬", "狛"),
    ("Dv", "鳩槃", "鳩"),
    ("SD", "夜叉", "夜"),
    ("BD", "青龍", "青"),
    ("WT", "白虎", "虎"),
    ("RC", "右車", "右"),
    ("LC", "左車", "左"),
    ("Ph", "鳳凰", "鳳"),
    ("Kr", "麒麟", "麒"),
    ("Po", "毒蛇", "毒"),
    ("OK", "古鵄", "古"),
    ("VO", "猛牛", "猛"),
    ("FD", "飛龍", "飛龍"),
    ("EF", "変狐", "変"),
    ("OR", "老鼠", "老"),
    ("EB", "変狸", "狸"),
    ("FH", "馬麟", "麟"),
    ("PS", "踊鹿", "踊"),
    ("ST", "猛虎", "猛虎"),
    ("HM", "鉤行", "鉤"),
    ("Lo", "天狗", "天"),
    ("No", "北狄", "北"),
    ("So", "南蛮", "南"),
    ("Ea", "東夷", "東"),
    ("We", "西戎", "西"),
    ("NK", "近王", "近"),
    ("BM", "盲猿", "盲"),
    ("FL", "猛豹", "豹"),
    ("EW", "悪狼", "悪"),
    ("VB", "猛熊", "熊"),
    ("RG", "右将", "右将"),
    ("LG", "左将", "左将"),
    ("G", "金将", "金"),
    ("S", "銀将", "銀"),
    ("C", "銅将", "銅"),
    ("I", "鉄将", "鉄"),
    ("W", "木将", "木"),
    ("St", "石将", "石"),
    ("AB", "嗔猪", "嗔"),
    ("CS", "猫刄", "猫"),
    ("Rv", "反車", "反"),
    ("L", "香車", "香"),
    ("SM", "横行", "横"),
    ("VM", "竪行", "竪"),
    ("HD", "𠵇犬", "𠵇"),
    ("P", "歩兵", "歩"),
    ("FF", "奮迅", "奮"),
    ("GE", "大象", "大象"),
    ("MW", "山母", "山"),
    ("WS", "仙鶴", "仙"),
];

/// The kanji of a type in a table (`None`: not listed).
pub fn lookup(table: &[(&str, &'static str, &'static str)], abbr: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(a, _, _)| *a == abbr)
        .map(|(_, k, _)| *k)
}

/// The one-kanji name of a type in a table (`None`: not listed); two kanji where no single one
/// tells the type apart (the module's rule).
pub fn lookup_one(
    table: &[(&str, &'static str, &'static str)],
    abbr: &str,
) -> Option<&'static str> {
    table
        .iter()
        .find(|(a, _, _)| *a == abbr)
        .map(|(_, _, one)| *one)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pieces::{chu, daidai};
    use std::collections::BTreeMap;

    #[test]
    fn every_type_of_both_games_has_kanji() {
        for (table, kinds) in [
            (&CHU[..], chu::BASES.iter().chain(&chu::PROMOTED_ONLY)),
            (
                &DAIDAI[..],
                daidai::BASES.iter().chain(&daidai::PROMOTED_ONLY),
            ),
        ] {
            for k in kinds {
                let kanji =
                    lookup(table, k.abbr).unwrap_or_else(|| panic!("no kanji for {}", k.abbr));
                assert!(kanji.chars().count() >= 2, "{}: {kanji}", k.abbr);
                assert!(
                    lookup_one(table, k.abbr).is_some(),
                    "no one-kanji for {}",
                    k.abbr
                );
            }
        }
        assert_eq!(lookup(&CHU, "Ln"), Some("獅子"));
        assert_eq!(lookup(&DAIDAI, "LD"), Some("狛犬"));
    }

    /// Every type's one-kanji name is its own in its game (the king's per side), one
    /// character unless none can be.
    #[test]
    fn one_kanji_names_tell_every_type_apart() {
        for table in [&CHU[..], &DAIDAI[..]] {
            let mut seen = BTreeMap::new();
            for (abbr, _, one) in table {
                for name in one.split('/') {
                    assert!(
                        seen.insert(name, abbr).is_none(),
                        "{name}: {abbr} and {}",
                        seen[name]
                    );
                }
            }
        }
        // Chu: one character each, the conventional abbreviations.
        assert!(
            CHU.iter()
                .all(|(_, _, one)| one.split('/').all(|n| n.chars().count() == 1))
        );
        for (abbr, one) in [
            ("K", "玉/王"),
            ("Ln", "獅"),
            ("FK", "奔"),
            ("Kr", "麒"),
            ("Ph", "鳳"),
            ("DE", "象"),
            ("CP", "太"),
            ("VM", "竪"),
            ("SM", "横"),
            ("RC", "反"),
            ("GB", "仲"),
            ("DH", "馬"),
            ("HF", "鷹"),
            ("+P", "と"),
        ] {
            assert_eq!(lookup_one(&CHU, abbr), Some(one), "{abbr}");
        }
    }

    /// Dai dai's one-kanji names follow the module's rule, in the table's order.
    #[test]
    fn dai_dai_one_kanji_names_follow_the_rule() {
        let chu_names: BTreeMap<&str, &str> = CHU.iter().map(|(_, k, one)| (*k, *one)).collect();
        let mut taken: Vec<char> = DAIDAI
            .iter()
            .filter_map(|(_, k, _)| chu_names.get(k))
            .flat_map(|one| one.chars().filter(|c| *c != '/'))
            .collect();
        for (abbr, kanji, one) in DAIDAI {
            if let Some(chu_one) = chu_names.get(kanji) {
                assert_eq!(one, *chu_one, "{abbr}: chu's abbreviation");
                continue;
            }
            let chars: Vec<char> = kanji.chars().collect();
            let expected = if !taken.contains(&chars[0]) {
                chars[0].to_string()
            } else if !taken.contains(&chars[1]) && chars[1] != '将' {
                chars[1].to_string()
            } else {
                kanji.to_string()
            };
            assert_eq!(one, expected, "{abbr} {kanji}");
            if one.chars().count() == 1 {
                taken.extend(one.chars());
            }
        }
        let whole: Vec<&str> = DAIDAI
            .iter()
            .filter(|(_, _, one)| one.chars().count() > 1 && !one.contains('/'))
            .map(|(abbr, _, _)| *abbr)
            .collect();
        assert_eq!(whole, ["FD", "ST", "RG", "LG", "GE"]);
    }
}
