//! The kanji of every piece type, as the rules files list them (chu.md §3, daidai.md §3):
//! what players read on real pieces, so boards and diagrams can show them. Keyed by the
//! catalogues' abbreviations; a test checks that every type of both catalogues has one.
//! The king is written 玉将 for Black and 王将 for White, as on a real set.

/// Chu shogi: abbreviation and kanji.
pub static CHU: [(&str, &str); 30] = [
    ("K", "玉将/王将"),
    ("FK", "奔王"),
    ("Ln", "獅子"),
    ("DK", "龍王"),
    ("DH", "龍馬"),
    ("R", "飛車"),
    ("B", "角行"),
    ("Kr", "麒麟"),
    ("Ph", "鳳凰"),
    ("DE", "酔象"),
    ("BT", "盲虎"),
    ("FL", "猛豹"),
    ("G", "金将"),
    ("S", "銀将"),
    ("C", "銅将"),
    ("VM", "竪行"),
    ("SM", "横行"),
    ("RC", "反車"),
    ("L", "香車"),
    ("GB", "仲人"),
    ("P", "歩兵"),
    ("CP", "太子"),
    ("FS", "飛鹿"),
    ("FO", "飛牛"),
    ("FBo", "奔猪"),
    ("HF", "角鷹"),
    ("SE", "飛鷲"),
    ("W", "鯨鯢"),
    ("WH", "白駒"),
    ("+P", "と金"),
];

/// Dai dai shogi: abbreviation and kanji.
pub static DAIDAI: [(&str, &str); 68] = [
    ("K", "玉将/王将"),
    ("Q", "奔王"),
    ("RB", "行鳥"),
    ("Fr", "奔鬼"),
    ("FT", "奔獏"),
    ("WB", "水牛"),
    ("DK", "龍王"),
    ("DH", "龍馬"),
    ("Sq", "方行"),
    ("Ra", "走車"),
    ("R", "飛車"),
    ("B", "角行"),
    ("GB", "金翅"),
    ("GD", "大龍"),
    ("SB", "前旗"),
    ("FE", "香象"),
    ("WE", "白象"),
    ("Ln", "獅子"),
    ("LD", "狛犬"),
    ("Dv", "鳩槃"),
    ("SD", "夜叉"),
    ("BD", "青龍"),
    ("WT", "白虎"),
    ("RC", "右車"),
    ("LC", "左車"),
    ("Ph", "鳳凰"),
    ("Kr", "麒麟"),
    ("Po", "毒蛇"),
    ("OK", "古鵄"),
    ("VO", "猛牛"),
    ("FD", "飛龍"),
    ("EF", "変狐"),
    ("OR", "老鼠"),
    ("EB", "変狸"),
    ("FH", "馬麟"),
    ("PS", "踊鹿"),
    ("ST", "猛虎"),
    ("HM", "鉤行"),
    ("Lo", "天狗"),
    ("No", "北狄"),
    ("So", "南蛮"),
    ("Ea", "東夷"),
    ("We", "西戎"),
    ("NK", "近王"),
    ("BM", "盲猿"),
    ("FL", "猛豹"),
    ("EW", "悪狼"),
    ("VB", "猛熊"),
    ("RG", "右将"),
    ("LG", "左将"),
    ("G", "金将"),
    ("S", "銀将"),
    ("C", "銅将"),
    ("I", "鉄将"),
    ("W", "木将"),
    ("St", "石将"),
    ("AB", "嗔猪"),
    ("CS", "猫刄"),
    ("Rv", "反車"),
    ("L", "香車"),
    ("SM", "横行"),
    ("VM", "竪行"),
    ("HD", "𠵇犬"),
    ("P", "歩兵"),
    ("FF", "奮迅"),
    ("GE", "大象"),
    ("MW", "山母"),
    ("WS", "仙鶴"),
];

/// The kanji of a type in a table (`None`: not listed).
pub fn lookup(table: &[(&str, &'static str)], abbr: &str) -> Option<&'static str> {
    table.iter().find(|(a, _)| *a == abbr).map(|(_, k)| *k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pieces::{chu, daidai};

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
            }
        }
        assert_eq!(lookup(&CHU, "Ln"), Some("獅子"));
        assert_eq!(lookup(&DAIDAI, "LD"), Some("狛犬"));
    }
}
