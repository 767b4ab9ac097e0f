extension Terms {
    /// Russian: the usual terms of Russian astrology (Овен, Телец, …; Асцендент, Середина неба; Трин, Квадрат,
    /// Квинконс). "Sun in Taurus" is `Солнце в Тельце`: each sign in the prepositional case (`во Льве`, `в Весах`).
    /// An aspect reads `Солнце трин Сатурн`; an adjective agrees with the body (`ретроградная Венера`); a date
    /// writes its month in the genitive and ends in `г.` (`15 мая 1990 г.`).
    static let russian = Terms(
        language: .ru,
        bodyNames: [
            .sun: "Солнце", .moon: "Луна", .mercury: "Меркурий", .venus: "Венера", .mars: "Марс", .jupiter: "Юпитер",
            .saturn: "Сатурн", .uranus: "Уран", .neptune: "Нептун", .pluto: "Плутон", .northNode: "Северный узел",
            .meanNode: "Средний узел", .southNode: "Южный узел", .chiron: "Хирон", .ceres: "Церера", .pallas: "Паллада",
            .juno: "Юнона", .vesta: "Веста", .lilith: "Лилит", .partOfFortune: "Парс Фортуны",
        ],
        genders: Dictionary(uniqueKeysWithValues: BodyID.allCases.map { body in
            let feminine: Set<BodyID> = [.moon, .venus, .ceres, .pallas, .juno, .vesta, .lilith]
            return (body, body == .sun ? .neuter : feminine.contains(body) ? .feminine : .masculine)
        }),
        signNames: ["Овен", "Телец", "Близнецы", "Рак", "Лев", "Дева", "Весы", "Скорпион", "Стрелец", "Козерог",
                    "Водолей", "Рыбы"],
        signLocatives: ["в Овне", "в Тельце", "в Близнецах", "в Раке", "во Льве", "в Деве", "в Весах", "в Скорпионе",
                        "в Стрельце", "в Козероге", "в Водолее", "в Рыбах"],
        placementTemplate: "{body} {sign}",
        aspectNames: [
            .conjunction: "Соединение", .opposition: "Оппозиция", .square: "Квадрат", .trine: "Трин",
            .sextile: "Секстиль", .quincunx: "Квинконс", .semiSextile: "Полусекстиль", .semiSquare: "Полуквадрат",
            .sesquiquadrate: "Сесквиквадрат", .quintile: "Квинтиль", .biquintile: "Биквинтиль", .septile: "Септиль",
            .novile: "Новиль",
        ],
        aspectTemplate: "{first} {aspect} {second}",
        aspectLowercasedInPhrase: true,
        elementNames: [.fire: "Огонь", .earth: "Земля", .air: "Воздух", .water: "Вода"],
        modalityNames: [.cardinal: "Кардинальный", .fixed: "Фиксированный", .mutable: "Мутабельный"],
        total: "Итого",
        houseSystemNames: [
            "Placidus": "Плацидус", "Koch": "Кох", "Regiomontanus": "Региомонтан", "Campanus": "Кампанус",
            "Porphyry": "Порфирий", "Equal": "Равнодомная", "Whole Sign": "Целые знаки",
        ],
        tropical: "Тропический",
        sidereal: "Сидерический",
        listSeparator: ", ",
        housesHeading: "Дома",
        zodiacHeading: "Зодиак",
        headingSeparator: ": ",
        outerRingSynastry: "Внешний круг, синастрия",
        outerRingTransits: "Внешний круг, транзиты",
        ascendant: "Асцендент",
        midheaven: "Середина неба",
        retrogradeWord: AgreeingWord(masculine: "ретроградный", feminine: "ретроградная", neuter: "ретроградное"),
        houseTemplate: "{number}-й дом",
        orb: "орбис",
        aspectsHeading: "Аспекты",
        innerAspectsHeading: "Аспекты внутренней карты",
        outerChartHeading: "Внешняя карта",
        crossAspectsHeading: "Аспекты между картами",
        outerWord: AgreeingWord(masculine: "внешний", feminine: "внешняя", neuter: "внешнее"),
        outerTemplate: "{outer} {body}",
        natalWheelTitle: "Натальная карта",
        biWheelTitle: "Двойная карта",
        aspectGridTitle: "Таблица аспектов",
        elementTableTitle: "Стихии и кресты",
        monthNames: ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь",
                     "ноябрь", "декабрь"],
        dateTemplate: "{day} {month} {year} г.",
        firstOfMonth: nil,
        monthNamesInDates: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября",
                            "октября", "ноября", "декабря"],
        compassPoints: ["с. ш.", "ю. ш.", "в. д.", "з. д."],
        coordinateTemplate: "{amount} {point}"
    )
}
