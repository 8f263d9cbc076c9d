/**
 * The countries an address may name, as the provider accepts them: the English name, the ISO 3166
 * alpha-2, alpha-3 and numeric codes. An address may give any of the four; those it gives must all
 * name one country. Names are matched without regard to case.
 */
export interface Country {
  readonly name: string;
  readonly alpha2: string;
  readonly alpha3: string;
  readonly numeric: string;
}

const TABLE = `AF AFG 004 Afghanistan
AX ALA 248 Åland
AL ALB 008 Albania
DZ DZA 012 Algeria
AS ASM 016 American Samoa
AD AND 020 Andorra
AO AGO 024 Angola
AI AIA 660 Anguilla
AQ ATA 010 Antarctica
AG ATG 028 Antigua and Barbuda
AR ARG 032 Argentina
AM ARM 051 Armenia
AW ABW 533 Aruba
AU AUS 036 Australia
AT AUT 040 Austria
AZ AZE 031 Azerbaijan
BS BHS 044 Bahamas
BH BHR 048 Bahrain
BD BGD 050 Bangladesh
BB BRB 052 Barbados
BY BLR 112 Belarus
BE BEL 056 Belgium
BZ BLZ 084 Belize
BJ BEN 204 Benin
BM BMU 060 Bermuda
BT BTN 064 Bhutan
BO BOL 068 Bolivia
BQ BES 535 Bonaire, Sint Eustatius and Saba
BA BIH 070 Bosnia and Herzegovina
BW BWA 072 Botswana
BV BVT 074 Bouvet Island
BR BRA 076 Brazil
IO IOT 086 British Indian Ocean Territory
BN BRN 096 Brunei Darussalam
BG BGR 100 Bulgaria
BF BFA 854 Burkina Faso
BI BDI 108 Burundi
KH KHM 116 Cambodia
CM CMR 120 Cameroon
CA CAN 124 Canada
CV CPV 132 Cape Verde
KY CYM 136 Cayman Islands
CF CAF 140 Central African Republic
TD TCD 148 Chad
CL CHL 152 Chile
CN CHN 156 China
CX CXR 162 Christmas Island
CC CCK 166 Cocos Islands
CO COL 170 Colombia
KM COM 174 Comoros
CG COG 178 Congo
CD COD 180 Congo, the Democratic Republic of the
CK COK 184 Cook Islands
CR CRI 188 Costa Rica
CI CIV 384 Côte d'Ivoire
HR HRV 191 Croatia
CU CUB 192 Cuba
CW CUW 531 Curaçao
CY CYP 196 Cyprus
CZ CZE 203 Czech Republic
DK DNK 208 Denmark
DJ DJI 262 Djibouti
DM DMA 212 Dominica
DO DOM 214 Dominican Republic
EC ECU 218 Ecuador
EG EGY 818 Egypt
SV SLV 222 El Salvador
GQ GNQ 226 Equatorial Guinea
ER ERI 232 Eritrea
EE EST 233 Estonia
SZ SWZ 748 Eswatini
ET ETH 231 Ethiopia
FK FLK 238 Falkland Islands
FO FRO 234 Faroe Islands
FJ FJI 242 Fiji
FI FIN 246 Finland
FR FRA 250 France
GF GUF 254 French Guiana
PF PYF 258 French Polynesia
TF ATF 260 French Southern Territories
GA GAB 266 Gabon
GM GMB 270 Gambia
GE GEO 268 Georgia
DE DEU 276 Germany
GH GHA 288 Ghana
GI GIB 292 Gibraltar
GR GRC 300 Greece
GL GRL 304 Greenland
GD GRD 308 Grenada
GP GLP 312 Guadeloupe
GU GUM 316 Guam
GT GTM 320 Guatemala
GG GGY 831 Guernsey
GN GIN 324 Guinea
GW GNB 624 Guinea-Bissau
GY GUY 328 Guyana
HT HTI 332 Haiti
HM HMD 334 Heard and McDonald Islands
VA VAT 336 Holy See (Vatican City State)
HN HND 340 Honduras
HK HKG 344 Hong Kong
HU HUN 348 Hungary
IS ISL 352 Iceland
IN IND 356 India
ID IDN 360 Indonesia
IR IRN 364 Iran
IQ IRQ 368 Iraq
IE IRL 372 Ireland
IM IMN 833 Isle of Man
IL ISR 376 Israel
IT ITA 380 Italy
JM JAM 388 Jamaica
JP JPN 392 Japan
JE JEY 832 Jersey
JO JOR 400 Jordan
KZ KAZ 398 Kazakhstan
KE KEN 404 Kenya
KI KIR 296 Kiribati
KP PRK 408 Korea, Democratic People's Republic of
KR KOR 410 Korea, Republic of
KW KWT 414 Kuwait
KG KGZ 417 Kyrgyzstan
LA LAO 418 Lao People's Democratic Republic
LV LVA 428 Latvia
LB LBN 422 Lebanon
LS LSO 426 Lesotho
LR LBR 430 Liberia
LY LBY 434 Libya
LI LIE 438 Liechtenstein
LT LTU 440 Lithuania
LU LUX 442 Luxembourg
MO MAC 446 Macau
MG MDG 450 Madagascar
MW MWI 454 Malawi
MY MYS 458 Malaysia
MV MDV 462 Maldives
ML MLI 466 Mali
MT MLT 470 Malta
MH MHL 584 Marshall Islands
MQ MTQ 474 Martinique
MR MRT 478 Mauritania
MU MUS 480 Mauritius
YT MYT 175 Mayotte
MX MEX 484 Mexico
FM FSM 583 Micronesia, Federated States of
MD MDA 498 Moldova
MC MCO 492 Monaco
MN MNG 496 Mongolia
ME MNE 499 Montenegro
MS MSR 500 Montserrat
MA MAR 504 Morocco
MZ MOZ 508 Mozambique
MM MMR 104 Myanmar
NA NAM 516 Namibia
NR NRU 520 Nauru
NP NPL 524 Nepal
NL NLD 528 Netherlands
NC NCL 540 New Caledonia
NZ NZL 554 New Zealand
NI NIC 558 Nicaragua
NE NER 562 Niger
NG NGA 566 Nigeria
NU NIU 570 Niue
NF NFK 574 Norfolk Island
MK MKD 807 North Macedonia
MP MNP 580 Northern Mariana Islands
NO NOR 578 Norway
OM OMN 512 Oman
PK PAK 586 Pakistan
PW PLW 585 Palau
PS PSE 275 Palestine
PA PAN 591 Panama
PG PNG 598 Papua New Guinea
PY PRY 600 Paraguay
PE PER 604 Peru
PH PHL 608 Philippines
PN PCN 612 Pitcairn
PL POL 616 Poland
PT PRT 620 Portugal
PR PRI 630 Puerto Rico
QA QAT 634 Qatar
RE REU 638 Reunion
RO ROU 642 Romania
RU RUS 643 Russian Federation
RW RWA 646 Rwanda
BL BLM 652 Saint Barthélemy
SH SHN 654 Saint Helena
KN KNA 659 Saint Kitts and Nevis
LC LCA 662 Saint Lucia
MF MAF 663 Saint Martin
PM SPM 666 Saint Pierre and Miquelon
VC VCT 670 Saint Vincent and the Grenadines
WS WSM 882 Samoa
SM SMR 674 San Marino
ST STP 678 Sao Tome and Principe
SA SAU 682 Saudi Arabia
SN SEN 686 Senegal
RS SRB 688 Serbia
SC SYC 690 Seychelles
SL SLE 694 Sierra Leone
SG SGP 702 Singapore
SX SXM 534 Sint Maarten
SK SVK 703 Slovakia
SI SVN 705 Slovenia
SB SLB 090 Solomon Islands
SO SOM 706 Somalia
ZA ZAF 710 South Africa
GS SGS 239 South Georgia and the South Sandwich Islands
SS SSD 728 South Sudan
ES ESP 724 Spain
LK LKA 144 Sri Lanka
SD SDN 729 Sudan
SR SUR 740 Suriname
SJ SJM 744 Svalbard and Jan Mayen
SE SWE 752 Sweden
CH CHE 756 Switzerland
SY SYR 760 Syrian Arab Republic
TW TWN 158 Taiwan
TJ TJK 762 Tajikistan
TZ TZA 834 Tanzania
TH THA 764 Thailand
TL TLS 626 Timor-Leste
TG TGO 768 Togo
TK TKL 772 Tokelau
TO TON 776 Tonga
TT TTO 780 Trinidad and Tobago
TN TUN 788 Tunisia
TR TUR 792 Turkey
TM TKM 795 Turkmenistan
TC TCA 796 Turks and Caicos Islands
TV TUV 798 Tuvalu
UG UGA 800 Uganda
UA UKR 804 Ukraine
AE ARE 784 United Arab Emirates
GB GBR 826 United Kingdom
UM UMI 581 United States Minor Outlying Islands
US USA 840 United States of America
UY URY 858 Uruguay
UZ UZB 860 Uzbekistan
VU VUT 548 Vanuatu
VE VEN 862 Venezuela
VN VNM 704 Viet Nam
VG VGB 092 Virgin Islands, British
VI VIR 850 Virgin Islands, U.S.
WF WLF 876 Wallis and Futuna
EH ESH 732 Western Sahara
YE YEM 887 Yemen
ZM ZMB 894 Zambia
ZW ZWE 716 Zimbabwe`;

export const COUNTRIES: readonly Country[] = TABLE.split('\n').map((line) => {
  const [alpha2, alpha3, numeric, ...name] = line.split(' ');
  return { alpha2, alpha3, numeric, name: name.join(' ') };
});

/**
 * Ours: other spellings taken for a country's name (the provider's list has some of its own, which
 * it does not publish as data); the answer always gives the name above.
 */
const ALIASES: Readonly<Record<string, string>> = {
  'united states': 'US',
  usa: 'US',
  'great britain': 'GB',
  'united kingdom of great britain and northern ireland': 'GB',
  russia: 'RU',
  'south korea': 'KR',
  vietnam: 'VN',
  'czechia': 'CZ',
  'macao': 'MO',
  'aland islands': 'AX',
  'cote d\'ivoire': 'CI',
  'ivory coast': 'CI',
  'curacao': 'CW',
  'reunion island': 'RE',
  'saint barthelemy': 'BL',
  'swaziland': 'SZ',
  'macedonia': 'MK',
  'cabo verde': 'CV',
  'turkiye': 'TR',
};

const byName = new Map(COUNTRIES.map((country) => [country.name.toLowerCase(), country]));
const byAlpha2 = new Map(COUNTRIES.map((country) => [country.alpha2, country]));
const byAlpha3 = new Map(COUNTRIES.map((country) => [country.alpha3, country]));
const byNumeric = new Map(COUNTRIES.map((country) => [country.numeric, country]));

export function countryByName(name: string): Country | null {
  const key = name.trim().toLowerCase();
  const alias = ALIASES[key];
  return byName.get(key) ?? (alias ? (byAlpha2.get(alias) ?? null) : null);
}

export const countryByAlpha2 = (code: string): Country | null => byAlpha2.get(code.trim().toUpperCase()) ?? null;
export const countryByAlpha3 = (code: string): Country | null => byAlpha3.get(code.trim().toUpperCase()) ?? null;
export const countryByNumeric = (code: string): Country | null => byNumeric.get(code.trim().padStart(3, '0')) ?? null;
