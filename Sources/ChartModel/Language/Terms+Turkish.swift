extension Terms {
    /// Turkish: the usual terms of Turkish astrology (Koç, Boğa, …; Yükselen, Tepe Noktası; Kavuşum, Kare, Üçgen).
    /// "Sun in Taurus" is `Güneş Boğa'da`: each sign with the locative suffix, after an apostrophe as Turkish
    /// writes it after a proper name, in its vowel harmony and voicing (`Koç'ta`, `Boğa'da`, `İkizler'de`,
    /// `Yengeç'te`). An aspect reads `Güneş üçgen Satürn`; a house is an ordinal, `12. ev`.
    static let turkish = Terms(
        language: .tr,
        bodyNames: [
            .sun: "Güneş", .moon: "Ay", .mercury: "Merkür", .venus: "Venüs", .mars: "Mars", .jupiter: "Jüpiter",
            .saturn: "Satürn", .uranus: "Uranüs", .neptune: "Neptün", .pluto: "Plüton", .northNode: "Kuzey Ay Düğümü",
            .meanNode: "Ortalama Ay Düğümü", .southNode: "Güney Ay Düğümü", .chiron: "Kiron", .ceres: "Ceres",
            .pallas: "Pallas", .juno: "Juno", .vesta: "Vesta", .lilith: "Lilith", .partOfFortune: "Şans Noktası",
        ],
        genders: [:],
        signNames: ["Koç", "Boğa", "İkizler", "Yengeç", "Aslan", "Başak", "Terazi", "Akrep", "Yay", "Oğlak", "Kova", "Balık"],
        signLocatives: ["Koç'ta", "Boğa'da", "İkizler'de", "Yengeç'te", "Aslan'da", "Başak'ta", "Terazi'de", "Akrep'te",
                        "Yay'da", "Oğlak'ta", "Kova'da", "Balık'ta"],
        placementTemplate: "{body} {sign}",
        // The majors by their usual names; the minors by their angles, as Turkish astrologers name them
        // (`Otuzluk` 30°, `Kırkbeşlik` 45°).
        aspectNames: [
            .conjunction: "Kavuşum", .opposition: "Karşıt", .square: "Kare", .trine: "Üçgen",
            .sextile: "Altmışlık", .quincunx: "Yüzellilik", .semiSextile: "Otuzluk", .semiSquare: "Kırkbeşlik",
            .sesquiquadrate: "Yüzotuzbeşlik", .quintile: "Yetmişikilik", .biquintile: "Yüzkırkdörtlük",
            .septile: "Yedilik", .novile: "Kırklık",
        ],
        aspectTemplate: "{first} {aspect} {second}",
        aspectLowercasedInPhrase: true,
        elementNames: [.fire: "Ateş", .earth: "Toprak", .air: "Hava", .water: "Su"],
        modalityNames: [.cardinal: "Öncü", .fixed: "Sabit", .mutable: "Değişken"],
        total: "Toplam",
        houseSystemNames: [
            "Placidus": "Placidus", "Koch": "Koch", "Regiomontanus": "Regiomontanus", "Campanus": "Campanus",
            "Porphyry": "Porphyry", "Equal": "Eşit Ev", "Whole Sign": "Tam Burç",
        ],
        tropical: "Tropikal",
        sidereal: "Yıldızsal",
        listSeparator: ", ",
        housesHeading: "Evler",
        zodiacHeading: "Zodyak",
        headingSeparator: ": ",
        outerRingSynastry: "Dış halka, sinastri",
        outerRingTransits: "Dış halka, transitler",
        ascendant: "Yükselen",
        midheaven: "Tepe Noktası",
        retrogradeWord: AgreeingWord("retro"),
        houseTemplate: "{number}. ev",
        orb: "orb",
        aspectsHeading: "Açılar",
        innerAspectsHeading: "İç haritanın açıları",
        outerChartHeading: "Dış harita",
        crossAspectsHeading: "Haritalar arası açılar",
        outerWord: AgreeingWord("dış"),
        outerTemplate: "{outer} {body}",
        natalWheelTitle: "Doğum haritası",
        biWheelTitle: "Çift harita",
        aspectGridTitle: "Açı tablosu",
        elementTableTitle: "Elementler ve nitelikler",
        monthNames: ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım",
                     "Aralık"],
        dateTemplate: "{day} {month} {year}",
        firstOfMonth: nil,
        monthNamesInDates: nil,
        compassPoints: ["K", "G", "D", "B"],
        coordinateTemplate: "{amount} {point}"
    )
}
