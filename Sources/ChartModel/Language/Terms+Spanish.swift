extension Terms {
    /// Spanish: the usual terms of Spanish astrology (Aries, Tauro, …; Ascendente, Medio Cielo; Trígono,
    /// Cuadratura, Quincuncio). "Sun in Taurus" is `Sol en Tauro`; an aspect reads `Sol trígono Saturno`; an
    /// adjective agrees with the body (`Venus retrógrada`, `Mercurio retrógrado`).
    static let spanish = Terms(
        language: .es,
        bodyNames: [
            .sun: "Sol", .moon: "Luna", .mercury: "Mercurio", .venus: "Venus", .mars: "Marte", .jupiter: "Júpiter",
            .saturn: "Saturno", .uranus: "Urano", .neptune: "Neptuno", .pluto: "Plutón", .northNode: "Nodo Norte",
            .meanNode: "Nodo Medio", .southNode: "Nodo Sur", .chiron: "Quirón", .ceres: "Ceres", .pallas: "Palas",
            .juno: "Juno", .vesta: "Vesta", .lilith: "Lilith", .partOfFortune: "Parte de la Fortuna",
        ],
        genders: romanceGenders,
        signNames: ["Aries", "Tauro", "Géminis", "Cáncer", "Leo", "Virgo", "Libra", "Escorpio", "Sagitario",
                    "Capricornio", "Acuario", "Piscis"],
        signLocatives: ["en Aries", "en Tauro", "en Géminis", "en Cáncer", "en Leo", "en Virgo", "en Libra", "en Escorpio",
                        "en Sagitario", "en Capricornio", "en Acuario", "en Piscis"],
        placementTemplate: "{body} {sign}",
        aspectNames: [
            .conjunction: "Conjunción", .opposition: "Oposición", .square: "Cuadratura", .trine: "Trígono",
            .sextile: "Sextil", .quincunx: "Quincuncio", .semiSextile: "Semisextil", .semiSquare: "Semicuadratura",
            .sesquiquadrate: "Sesquicuadratura", .quintile: "Quintil", .biquintile: "Biquintil", .septile: "Septil",
            .novile: "Novil",
        ],
        aspectTemplate: "{first} {aspect} {second}",
        aspectLowercasedInPhrase: true,
        elementNames: [.fire: "Fuego", .earth: "Tierra", .air: "Aire", .water: "Agua"],
        modalityNames: [.cardinal: "Cardinal", .fixed: "Fijo", .mutable: "Mutable"],
        modalityShortNames: [.cardinal: "Card.", .fixed: "Fijo", .mutable: "Mut."],
        total: "Total",
        houseSystemNames: [
            "Placidus": "Placidus", "Koch": "Koch", "Regiomontanus": "Regiomontanus", "Campanus": "Campanus",
            "Porphyry": "Porfirio", "Equal": "Iguales", "Whole Sign": "Signos enteros",
        ],
        houseSystemReplacedTemplate: "{used} en lugar de {asked}",
        houseSystemNamesReplaced: nil,
        tropical: "Tropical",
        sidereal: "Sideral",
        listSeparator: ", ",
        housesHeading: "Casas",
        zodiacHeading: "Zodíaco",
        headingSeparator: ": ",
        outerRingSynastry: "Anillo exterior, sinastría",
        outerRingTransits: "Anillo exterior, tránsitos",
        ascendant: "Ascendente",
        midheaven: "Medio Cielo",
        retrogradeWord: AgreeingWord(masculine: "retrógrado", feminine: "retrógrada", neuter: "retrógrado"),
        houseTemplate: "casa {number}",
        orb: "orbe",
        orbTemplate: " ({orb} {amount})",
        aspectsHeading: "Aspectos",
        innerAspectsHeading: "Aspectos dentro de la carta interior",
        outerChartHeading: "Carta exterior",
        crossAspectsHeading: "Aspectos cruzados",
        outerWord: AgreeingWord("exterior"),
        outerTemplate: "{body} {outer}",
        natalWheelTitle: "Rueda de la carta natal",
        biWheelTitle: "Carta doble",
        aspectGridTitle: "Tabla de aspectos",
        elementTableTitle: "Elementos y modalidades",
        positionsTableTitle: "Posiciones y casas",
        sheetTitle: "Hoja de la carta",
        bodiesHeading: "Cuerpos",
        innerChartHeading: "Carta interior",
        houseCuspsHeading: "Casas",
        houseColumnHeading: "Casa",
        noneWord: "ninguno",
        noAspects: "Sin aspectos",
        noCrossAspects: "Sin aspectos cruzados",
        bySignHeading: "Por signo",
        countedTemplate: "Planetas contados: {count} (del Sol a Plutón; los puntos no cuentan)",
        clauseSeparator: "; ",
        fullStop: ". ",
        monthNames: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
                     "noviembre", "diciembre"],
        dateTemplate: "{day} de {month} de {year}",
        firstOfMonth: nil,
        monthNamesInDates: nil,
        compassPoints: ["N", "S", "E", "O"],
        coordinateTemplate: "{amount} {point}"
    )

    /// The bodies' genders in Spanish, Portuguese, French and Italian alike: the Moon, Venus, the asteroids, Lilith
    /// and the Part of Fortune feminine (`Luna`, `Lune`, `Venere`, `Parte`, `Part`), the rest masculine.
    static let romanceGenders: [BodyID: GrammaticalGender] = Dictionary(uniqueKeysWithValues: BodyID.allCases.map { body in
        let feminine: Set<BodyID> = [.moon, .venus, .ceres, .pallas, .juno, .vesta, .lilith, .partOfFortune]
        return (body, feminine.contains(body) ? .feminine : .masculine)
    })
}
