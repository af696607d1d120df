"""One-shot generator that produced the FIRST version of the MARIA board reconstruction.

THE YAML FILES IN boards/ ARE THE SOURCE OF TRUTH NOW. This script was only used to produce the
first version of boards/flanders.yaml, boards/bohemia.yaml and the roads in them; the files have
been checked (and may be edited) by hand since. Re-running it overwrites those two files, so do not
run it unless you mean to start the reconstruction over.

It reads the reference material in ../shared/reference (GeoNames gazetteer, FRIEDRICH board), which
is not part of this repository:
    python tools/bootstrap_boards.py --shared ../shared --out boards

Method (see docs/board-notes.md): real lon/lat of every town (GeoNames; FRIEDRICH's board positions
through a cubic fit with a local residual correction for its small towns; period sources for the rest)
-> one affine projection per map (Flanders with a compression of longitudes east of 6 E) -> a small
Gaussian RBF warp that pulls the army-sheet set-up cities into their grid cells -> thinning to a
minimum spacing by importance -> roads: main-road corridors forced, then the relative-neighbourhood
graph, Gabriel and Delaunay edges by increasing length up to mean degree 3, keeping the graph planar
and every road 22 px clear of third cities (and off the sea on the Flanders map).
"""
import argparse, math, os, re, sys, unicodedata
import numpy as np
import yaml

SHARED = os.environ.get('MARIA_SHARED', os.path.join(os.path.dirname(__file__), '..', '..', 'shared'))


# Town lists: id|name|territory|fortress|position (GeoNames name[@country], fr:<FRIEDRICH name>, or lon,lat)
FLANDERS_TOWNS = '''
# id|Name|territory|fort|lookup-or-lon,lat
## france
duenkirchen|Dünkirchen|france|minor|Dunkerque
bergues|Bergues|france||2.43,50.97
st_omer|St. Omer|france|minor|Saint-Omer
aire|Aire|france||2.40,50.64
bethune|Béthune|france||Béthune
lille|Lille|france|major|Lille
douai|Douai|france|minor|Douai
arras|Arras|france|minor|Arras
valenciennes|Valenciennes|france|minor|Valenciennes
conde|Condé|france||3.56,50.45
le_quesnoy|Le Quesnoy|france||3.64,50.25
cambrai|Cambrai|france|minor|Cambrai
bouchain|Bouchain|france||3.29,50.29
maubeuge|Maubeuge|france|minor|Maubeuge
landrecies|Landrecies|france||3.69,50.12
avesnes|Avesnes|france||3.93,50.12
guise|Guise|france||3.63,49.90
st_quentin|St. Quentin|france||Saint-Quentin
peronne|Péronne|france||2.93,49.93
amiens|Amiens|france||Amiens
laon|Laon|france||Laon
soissons|Soissons|france||Soissons
compiegne|Compiègne|france||Compiègne
noyon|Noyon|france||3.00,49.58
reims|Reims|france||Reims
chalons|Châlons|france||Châlons-en-Champagne
epernay|Épernay|france||Épernay
chateau_thierry|Château-Thierry|france||3.40,49.05
meaux|Meaux|france||Meaux
paris|Paris|france||Paris
rocroi|Rocroi|france|minor|4.52,49.93
givet|Givet|france|minor|4.83,50.14
mezieres|Mézières|france||4.72,49.76
sedan|Sedan|france|minor|Sedan
rethel|Rethel|france||4.37,49.51
vouziers|Vouziers|france||4.70,49.40
ste_menehould|Ste. Menehould|france||4.90,49.09
vitry|Vitry|france||4.58,48.72
st_dizier|St. Dizier|france||Saint-Dizier
bar_le_duc|Bar-le-Duc|france||Bar-le-Duc
verdun|Verdun|france|minor|Verdun
montmedy|Montmédy|france|minor|5.37,49.52
stenay|Stenay|france||5.19,49.49
longwy|Longwy|france|minor|5.76,49.52
thionville|Thionville|france|minor|Thionville
metz|Metz|france|major|Metz
etain|Étain|france||5.64,49.21
pont_a_mousson|Pont-à-Mousson|france||6.05,48.90
st_mihiel|St. Mihiel|france||5.54,48.89
commercy|Commercy|france||5.59,48.76
toul|Toul|france|minor|5.89,48.68
nancy|Nancy|france||Nancy
luneville|Lunéville|france||Lunéville
chateau_salins|Château-Salins|france||6.51,48.82
saarlouis|Saarlouis|france|minor|Saarlouis
saargemuend|Saargemünd|france||Sarreguemines
bitsch|Bitsch|france|minor|7.43,49.05
saarburg_lor|Saarburg|france||7.05,48.73
pfalzburg|Pfalzburg|france||7.26,48.77
zabern|Zabern|france||7.36,48.74
hagenau|Hagenau|france||Haguenau
weissenburg|Weissenburg|france||7.94,49.04
fort_louis|Fort Louis|france||8.05,48.80
landau|Landau|france|minor|Landau in der Pfalz
strassburg|Strassburg|france|major|Strassburg
## austrian_netherlands
ostende|Ostende|austrian_netherlands|minor|Ostende
nieuport|Nieuport|austrian_netherlands||2.75,51.13
furnes|Furnes|austrian_netherlands||2.66,51.07
ypern|Ypern|austrian_netherlands|minor|Ieper
menin|Menin|austrian_netherlands||3.12,50.80
bruegge|Brügge|austrian_netherlands||Brugge
gent|Gent|austrian_netherlands|minor|Gent
kortrijk|Kortrijk|austrian_netherlands||Kortrijk
tournai|Tournai|austrian_netherlands|minor|Tournai
oudenaarde|Oudenaarde|austrian_netherlands||3.60,50.85
aalst|Aalst|austrian_netherlands||Aalst
dendermonde|Dendermonde|austrian_netherlands||Dendermonde
ath|Ath|austrian_netherlands|minor|Ath
mons|Mons|austrian_netherlands|minor|Mons
enghien|Enghien|austrian_netherlands||4.04,50.69
hal|Hal|austrian_netherlands||Halle@BE
binche|Binche|austrian_netherlands||4.17,50.41
charleroi|Charleroi|austrian_netherlands|minor|Charleroi
nivelles|Nivelles|austrian_netherlands||Nivelles
bruessel|Brüssel|austrian_netherlands|major|Brussels
mecheln|Mecheln|austrian_netherlands||Mecheln
antwerpen|Antwerpen|austrian_netherlands|minor|Antwerpen
lier|Lier|austrian_netherlands||4.57,51.13
herentals|Herentals|austrian_netherlands||4.83,51.18
turnhout|Turnhout|austrian_netherlands||Turnhout
loewen|Löwen|austrian_netherlands||Löwen
wavre|Wavre|austrian_netherlands||4.61,50.72
tienen|Tienen|austrian_netherlands||4.94,50.81
diest|Diest|austrian_netherlands||5.05,50.98
namur|Namur|austrian_netherlands|minor|Namur
marche|Marche|austrian_netherlands||5.34,50.23
bastogne|Bastogne|austrian_netherlands||5.72,50.00
neufchateau|Neufchâteau|austrian_netherlands||5.44,49.84
arlon|Arlon|austrian_netherlands||5.82,49.68
luxemburg|Luxemburg|austrian_netherlands|major|Luxembourg
echternach|Echternach|austrian_netherlands||6.42,49.81
diekirch|Diekirch|austrian_netherlands||6.16,49.87
limburg|Limburg|austrian_netherlands||5.94,50.61
roermond|Roermond|austrian_netherlands||Roermond
## luettich
luettich|Lüttich|luettich||Liège
huy|Huy|luettich||5.24,50.52
dinant|Dinant|luettich||4.91,50.26
hasselt|Hasselt|luettich||Hasselt
tongern|Tongern|luettich||5.46,50.78
st_truiden|St. Truiden|luettich||5.19,50.82
bouillon|Bouillon|luettich||5.07,49.79
spa|Spa|luettich||5.86,50.49
## dutch_republic
sluis|Sluis|dutch_republic||3.38,51.31
hulst|Hulst|dutch_republic||4.05,51.28
bergen_op_zoom|Bergen op Zoom|dutch_republic|major|Bergen op Zoom
breda|Breda|dutch_republic|minor|Breda
hertogenbosch|'s-Hertogenbosch|dutch_republic|major|'s-Hertogenbosch
eindhoven|Eindhoven|dutch_republic||Eindhoven
grave|Grave|dutch_republic||5.74,51.76
venlo|Venlo|dutch_republic|minor|Venlo
maastricht|Maastricht|dutch_republic|major|Maastricht
nijmegen|Nijmegen|dutch_republic|minor|Nijmegen
heusden|Heusden|dutch_republic||5.14,51.73
gorinchem|Gorinchem|dutch_republic||4.97,51.83
dordrecht|Dordrecht|dutch_republic||Dordrecht
rotterdam|Rotterdam|dutch_republic||Rotterdam
den_haag|Den Haag|dutch_republic||Den Haag
leiden|Leiden|dutch_republic||Leiden
haarlem|Haarlem|dutch_republic||Haarlem
amsterdam|Amsterdam|dutch_republic||Amsterdam
alkmaar|Alkmaar|dutch_republic||Alkmaar
utrecht|Utrecht|dutch_republic||Utrecht
amersfoort|Amersfoort|dutch_republic||Amersfoort
tiel|Tiel|dutch_republic||5.43,51.89
arnheim|Arnheim|dutch_republic||Arnhem
zutphen|Zutphen|dutch_republic||6.20,52.14
deventer|Deventer|dutch_republic||Deventer
zwolle|Zwolle|dutch_republic||Zwolle
kampen|Kampen|dutch_republic||5.91,52.56
coevorden|Coevorden|dutch_republic||6.74,52.66
groningen|Groningen|dutch_republic||Groningen
leeuwarden|Leeuwarden|dutch_republic||Leeuwarden
oldenzaal|Oldenzaal|dutch_republic||6.93,52.31
## prussian exclaves
kleve|Kleve|prussia_rhine||6.14,51.79
wesel|Wesel|prussia_rhine|minor|Wesel
geldern|Geldern|prussia_rhine||6.33,51.52
moers|Moers|prussia_rhine||Moers
hamm|Hamm|prussia_rhine||Hamm
soest|Soest|prussia_rhine||Soest@DE
lippstadt|Lippstadt|prussia_rhine||Lippstadt
bielefeld|Bielefeld|prussia_rhine||Bielefeld
minden|Minden|prussia_rhine|minor|Minden
lingen|Lingen|prussia_rhine||7.32,52.52
hagen|Hagen|prussia_rhine||Hagen
## hanover
hannover|Hannover|hanover|major|Hannover
hameln|Hameln|hanover|minor|Hameln
nienburg|Nienburg|hanover|minor|Nienburg
diepholz|Diepholz|hanover||8.37,52.61
hoya|Hoya|hanover||9.14,52.80
verden|Verden|hanover||9.23,52.92
goettingen|Göttingen|hanover||Göttingen
northeim|Northeim|hanover||9.99,51.71
einbeck|Einbeck|hanover||9.87,51.82
alfeld|Alfeld|hanover||9.83,51.98
## westphalian bishoprics (Clemens August) + Kurköln
muenster|Münster|westphalia||Münster
osnabrueck|Osnabrück|westphalia||Osnabrück
paderborn|Paderborn|westphalia||Paderborn
hildesheim|Hildesheim|westphalia||Hildesheim
meppen|Meppen|westphalia||7.30,52.69
warendorf|Warendorf|westphalia||7.99,51.95
koesfeld|Coesfeld|westphalia||7.17,51.95
bocholt|Bocholt|westphalia||Bocholt
rheine|Rheine|westphalia||Rheine
recklinghausen|Recklinghausen|kurkoeln||Recklinghausen
arnsberg|Arnsberg|kurkoeln||Arnsberg
brilon|Brilon|kurkoeln||8.57,51.40
koeln|Köln|kurkoeln|minor|Köln
bonn|Bonn|kurkoeln||Bonn
neuss|Neuss|kurkoeln||Neuss
andernach|Andernach|kurkoeln||7.40,50.44
## free cities and small states (Rhine, Empire)
aachen|Aachen|rhine_imperial_cities||Aachen
dortmund|Dortmund|rhine_imperial_cities||Dortmund
frankfurt_main|Frankfurt am Main|rhine_imperial_cities||Frankfurt am Main
wetzlar|Wetzlar|rhine_imperial_cities||Wetzlar
worms|Worms|rhine_imperial_cities||Worms
speyer|Speyer|rhine_imperial_cities||Speyer
philippsburg|Philippsburg|rhine_imperial_cities||8.46,49.23
heilbronn|Heilbronn|rhine_imperial_cities||Heilbronn
saarbruecken|Saarbrücken|rhine_imperial_cities||Saarbrücken
zweibruecken|Zweibrücken|rhine_imperial_cities||Zweibrücken
kaiserslautern|Kaiserslautern|kurpfalz||Kaiserslautern
## juelich-berg (Elector Palatine)
juelich|Jülich|juelich_berg||Jülich
dueren|Düren|juelich_berg||Düren
duesseldorf|Düsseldorf|juelich_berg||Düsseldorf
elberfeld|Elberfeld|juelich_berg||Wuppertal
siegburg|Siegburg|juelich_berg||Siegburg
## kurtrier
trier|Trier|kurtrier|minor|Trier
wittlich|Wittlich|kurtrier||6.89,49.99
koblenz|Koblenz|kurtrier||Koblenz
montabaur|Montabaur|kurtrier||7.83,50.44
boppard|Boppard|kurtrier||7.59,50.23
pruem|Prüm|kurtrier||6.42,50.21
## kurmainz
mainz|Mainz|kurmainz|minor|Mainz
bingen|Bingen|kurmainz||Bingen am Rhein
aschaffenburg|Aschaffenburg|kurmainz||Aschaffenburg
## kurpfalz
mannheim|Mannheim|kurpfalz|minor|Mannheim
heidelberg|Heidelberg|kurpfalz||Heidelberg
frankenthal|Frankenthal|kurpfalz||8.35,49.53
neustadt_hardt|Neustadt|kurpfalz||Neustadt an der Weinstraße
alzey|Alzey|kurpfalz||8.12,49.75
kreuznach|Kreuznach|kurpfalz||Bad Kreuznach
bacharach|Bacharach|kurpfalz||7.77,50.06
## hesse
kassel|Kassel|hesse||Kassel
marburg|Marburg|hesse||Marburg
giessen|Giessen|hesse||Gießen
ziegenhain|Ziegenhain|hesse||9.25,50.92
fritzlar|Fritzlar|hesse||9.28,51.13
hersfeld|Hersfeld|hesse||Bad Hersfeld
darmstadt|Darmstadt|hesse||Darmstadt
hanau|Hanau|hesse||Hanau
rheinfels|St. Goar|hesse||7.71,50.15
fulda|Fulda|hesse||Fulda
waldeck|Korbach|hesse||8.87,51.28
limburg_lahn|Limburg|hesse||Limburg an der Lahn
wiesbaden|Wiesbaden|hesse||Wiesbaden
dillenburg|Dillenburg|hesse||8.28,50.74
siegen|Siegen|hesse||Siegen
## baden, wuerttemberg
rastatt|Rastatt|swabia||Rastatt
karlsruhe|Durlach|swabia||8.47,49.00
pforzheim|Pforzheim|swabia||Pforzheim
stuttgart|Stuttgart|swabia||Stuttgart
ludwigsburg|Ludwigsburg|swabia||Ludwigsburg
cochem|Cochem|kurtrier||7.17,50.15
ulm|Ulm|swabia||Ulm
memmingen|Memmingen|swabia||10.18,47.98
troyes|Troyes|france||Troyes
sens|Sens|france||Sens
chaumont|Chaumont|france||5.14,48.11
etampes|Étampes|france||2.16,48.43
melun|Melun|france||2.66,48.54
fontainebleau|Fontainebleau|france||2.70,48.40
'''

BOHEMIA_TOWNS = '''
# id|Name|territory|fort|lookup (gz name[@CC], fr:Name, or lon,lat)
## bohemia
prag|Prag|bohemia|major|Praha@CZ
eger|Eger|bohemia|minor|fr:Eger
pilsen|Pilsen|bohemia|minor|Plzeň
budweis|Budweis|bohemia|minor|České Budějovice
koeniggraetz|Königgrätz|bohemia|minor|Hradec Králové
leitmeritz|Leitmeritz|bohemia|minor|Litoměřice
tabor|Tabor|bohemia|minor|Tábor
kolin|Kolin|bohemia||Kolín
kuttenberg|Kuttenberg|bohemia||Kutná Hora
tschaslau|Tschaslau|bohemia||15.39,49.91
beraun|Beraun|bohemia||Beroun
pisek|Pisek|bohemia||Písek
strakonitz|Strakonitz|bohemia||Strakonice
klattau|Klattau|bohemia||Klatovy
taus|Taus|bohemia||12.93,49.44
krumau|Krumau|bohemia||14.32,48.81
wittingau|Wittingau|bohemia||14.77,49.00
neuhaus|Neuhaus|bohemia||Jindřichův Hradec
prachatitz|Prachatitz|bohemia||14.00,49.01
schuettenhofen|Schüttenhofen|bohemia||13.50,49.25
deutschbrod|Deutschbrod|bohemia||Havlíčkův Brod
pilgram|Pilgram|bohemia||Pelhřimov
sobieslau|Sobieslau|bohemia||14.72,49.25
mies|Mies|bohemia||fr:Mies
rokitzan|Rokitzan|bohemia||13.59,49.74
pribram|Pribram|bohemia||Příbram
beneschau|Beneschau|bohemia||Benešov
wotitz|Wotitz|bohemia||fr:Wotitz
pardubitz|Pardubitz|bohemia||Pardubice
chrudim|Chrudim|bohemia||Chrudim
hohenmauth|Hohenmauth|bohemia||16.16,49.95
leitomischl|Leitomischl|bohemia||16.31,49.88
jaromir|Jaromir|bohemia||15.92,50.36
nachod|Nachod|bohemia||Náchod
trautenau|Trautenau|bohemia||Trutnov
jitschin|Jitschin|bohemia||Jičín
jungbunzlau|Jungbunzlau|bohemia||Mladá Boleslav
nimburg|Nimburg|bohemia||15.04,50.19
brandeis|Brandeis|bohemia||14.66,50.19
melnik|Melnik|bohemia||Mělník
schlan|Schlan|bohemia||Slaný
laun|Laun|bohemia||Louny
saaz|Saaz|bohemia||Žatec
rakonitz|Rakonitz|bohemia||Rakovník
karlsbad|Karlsbad|bohemia||Karlovy Vary
elbogen|Elbogen|bohemia||12.60,50.20
kaaden|Kaaden|bohemia||Kadaň
komotau|Komotau|bohemia||Chomutov
bruex|Brüx|bohemia||Most
teplitz|Teplitz|bohemia||Teplice
aussig|Aussig|bohemia||Ústí nad Labem
leipa|Böhmisch Leipa|bohemia||Česká Lípa
reichenberg|Reichenberg|bohemia||Liberec
friedland_b|Friedland|bohemia||15.08,50.92
turnau|Turnau|bohemia||15.16,50.59
rumburg|Rumburg|bohemia||14.56,50.95
tachau|Tachau|bohemia||12.63,49.80
tepl|Tepl|bohemia||fr:Tepl
marienbad|Marienbad|bohemia||fr:Marienbad
hohenelbe|Hohenelbe|bohemia||fr:Hohenelbe
policka|Politschka|bohemia||16.27,49.71
horschowitz|Horschowitz|bohemia||13.90,49.84
## moravia
olmuetz|Olmütz|moravia|major|Olomouc
bruenn|Brünn|moravia|major|Brno
iglau|Iglau|moravia|minor|Jihlava
znaim|Znaim|moravia|minor|Znojmo
hradisch|Ungarisch Hradisch|moravia|minor|Uherské Hradiště
kremsier|Kremsier|moravia||Kroměříž
prerau|Prerau|moravia||Přerov
prossnitz|Prossnitz|moravia||Prostějov
wischau|Wischau|moravia||Vyškov
austerlitz|Austerlitz|moravia||16.88,49.15
nikolsburg|Nikolsburg|moravia||16.64,48.80
auspitz|Auspitz|moravia||16.68,48.96
goeding|Göding|moravia||Hodonín
gaya|Gaya|moravia||17.07,49.02
strassnitz|Strassnitz|moravia||17.33,48.90
ungarisch_brod|Ungarisch Brod|moravia||17.65,49.03
zlin|Zlin|moravia||Zlín
holleschau|Holleschau|moravia||17.58,49.33
weisskirchen|Weisskirchen|moravia||17.74,49.55
leipnik|Leipnik|moravia||17.61,49.53
neutitschein|Neutitschein|moravia||Nový Jičín
sternberg|Sternberg|moravia||17.30,49.73
littau|Littau|moravia||17.08,49.74
maehrisch_neustadt|Mährisch Neustadt|moravia||17.04,49.82
schoenberg|Mährisch Schönberg|moravia||Šumperk
hohenstadt|Hohenstadt|moravia||16.89,49.95
truebau|Mährisch Trübau|moravia||16.67,49.76
zwittau|Zwittau|moravia||Svitavy
boskowitz|Boskowitz|moravia||16.66,49.49
lettowitz|Lettowitz|moravia||16.57,49.55
tischnowitz|Tischnowitz|moravia||16.42,49.35
namiest|Namiest|moravia||16.16,49.21
trebitsch|Trebitsch|moravia||Třebíč
gross_meseritsch|Gross Meseritsch|moravia||16.01,49.36
saar_m|Saar|moravia||Žďár nad Sázavou
eibenschitz|Eibenschitz|moravia||16.37,49.08
kromau|Mährisch Kromau|moravia||16.31,48.99
budwitz|Mährisch Budwitz|moravia||15.81,49.05
jamnitz|Jamnitz|moravia||15.70,48.98
datschitz|Datschitz|moravia||15.44,49.08
teltsch|Teltsch|moravia||15.45,49.18
## upper austria (Innviertel is Bavarian in 1741)
linz|Linz|upper_austria|minor|Linz
enns|Enns|upper_austria|minor|14.47,48.21
steyr|Steyr|upper_austria||Steyr
wels|Wels|upper_austria||Wels
lambach|Lambach|upper_austria||13.87,48.09
voecklabruck|Vöcklabruck|upper_austria||13.65,48.00
gmunden|Gmunden|upper_austria||13.80,47.92
eferding|Eferding|upper_austria||14.02,48.31
freistadt|Freistadt|upper_austria||14.51,48.51
perg|Perg|upper_austria||14.63,48.25
rohrbach|Rohrbach|upper_austria||13.99,48.57
kremsmuenster|Kremsmünster|upper_austria||14.13,48.05
## lower austria
wien|Wien|lower_austria|major|Wien
st_poelten|St. Pölten|lower_austria|minor|Sankt Pölten
krems|Krems|lower_austria|minor|Krems an der Donau
melk|Melk|lower_austria||15.33,48.23
amstetten|Amstetten|lower_austria||Amstetten
waidhofen_ybbs|Waidhofen an der Ybbs|lower_austria||14.77,47.96
lilienfeld|Lilienfeld|lower_austria||15.60,48.01
tulln|Tulln|lower_austria||16.05,48.33
korneuburg|Korneuburg|lower_austria||16.33,48.35
stockerau|Stockerau|lower_austria||16.21,48.38
hollabrunn|Hollabrunn|lower_austria||16.08,48.56
mistelbach|Mistelbach|lower_austria||16.57,48.57
laa|Laa|lower_austria||16.39,48.72
retz|Retz|lower_austria||15.95,48.76
horn|Horn|lower_austria||15.66,48.66
zwettl|Zwettl|lower_austria||15.17,48.60
waidhofen_thaya|Waidhofen an der Thaya|lower_austria||15.29,48.82
gmuend|Gmünd|lower_austria||14.98,48.77
baden|Baden|lower_austria||Baden@AT
wiener_neustadt|Wiener Neustadt|lower_austria||Wiener Neustadt
bruck_leitha|Bruck an der Leitha|lower_austria||16.78,48.03
marchegg|Marchegg|lower_austria||16.91,48.28
hainburg|Hainburg|lower_austria||16.94,48.15
wolkersdorf|Wolkersdorf|lower_austria||16.52,48.38
## hungary (Austrian home, not Core-Austria)
pressburg|Pressburg|hungary||Bratislava
tyrnau|Tyrnau|hungary||Trnava
skalitz|Skalitz|hungary||17.23,48.85
malatzka|Malatzka|hungary||17.02,48.44
neutra|Neutra|hungary||Nitra
trentschin|Trentschin|hungary||Trenčín
pistyan|Pistyan|hungary||17.83,48.59
ung_altenburg|Ungarisch Altenburg|hungary||17.27,47.87
oedenburg|Ödenburg|hungary||16.59,47.68
## bavaria incl. Upper Palatinate and Innviertel
muenchen|München|bavaria|major|München
ingolstadt|Ingolstadt|bavaria|minor|Ingolstadt
landshut|Landshut|bavaria|minor|Landshut
straubing|Straubing|bavaria|minor|Straubing
braunau|Braunau|bavaria|minor|Braunau am Inn
schaerding|Schärding|bavaria||13.43,48.46
ried|Ried|bavaria||13.49,48.21
burghausen|Burghausen|bavaria||12.83,48.17
wasserburg|Wasserburg|bavaria||12.23,48.06
rosenheim|Rosenheim|bavaria||Rosenheim
freising|Freising|bavaria||Freising
erding|Erding|bavaria||Erding
moosburg|Moosburg|bavaria||11.93,48.47
dachau|Dachau|bavaria||Dachau
friedberg|Friedberg|bavaria||10.98,48.36
aichach|Aichach|bavaria||11.13,48.46
pfaffenhofen|Pfaffenhofen|bavaria||11.51,48.53
schrobenhausen|Schrobenhausen|bavaria||11.26,48.56
landsberg_lech|Landsberg am Lech|bavaria||10.87,48.05
kelheim|Kelheim|bavaria||11.88,48.92
abensberg|Abensberg|bavaria||11.85,48.81
mainburg|Mainburg|bavaria||11.78,48.64
dingolfing|Dingolfing|bavaria||12.50,48.63
landau_isar|Landau an der Isar|bavaria||12.69,48.67
deggendorf|Deggendorf|bavaria||Deggendorf
vilshofen|Vilshofen|bavaria||13.18,48.63
pfarrkirchen|Pfarrkirchen|bavaria||12.94,48.43
eggenfelden|Eggenfelden|bavaria||12.76,48.40
vilsbiburg|Vilsbiburg|bavaria||12.36,48.45
neumarkt_rott|Neumarkt|bavaria||12.50,48.36
altoetting|Altötting|bavaria||12.68,48.23
traunstein|Traunstein|bavaria||12.64,47.87
trostberg|Trostberg|bavaria||12.56,48.03
ebersberg|Ebersberg|bavaria||11.97,48.08
wolfratshausen|Wolfratshausen|bavaria||11.43,47.91
weilheim|Weilheim|bavaria||11.14,47.84
bogen|Bogen|bavaria||12.69,48.91
cham|Cham|bavaria||12.66,49.22
furth|Furth|bavaria||12.84,49.31
regen|Regen|bavaria||13.13,48.97
viechtach|Viechtach|bavaria||12.88,49.08
koetzting|Kötzting|bavaria||12.86,49.18
roding|Roding|bavaria||12.52,49.20
amberg|Amberg|bavaria|minor|Amberg
schwandorf|Schwandorf|bavaria||Schwandorf
nabburg|Nabburg|bavaria||12.18,49.45
neunburg|Neunburg|bavaria||12.38,49.35
burglengenfeld|Burglengenfeld|bavaria||12.04,49.21
neumarkt_opf|Neumarkt|bavaria||Neumarkt in der Oberpfalz
velburg|Velburg|bavaria||11.67,49.23
hemau|Hemau|bavaria||11.78,49.05
rain|Rain|bavaria||10.92,48.69
donauwoerth|Donauwörth|bavaria||Donauwörth
tirschenreuth|Tirschenreuth|bavaria||12.35,49.88
waldsassen|Waldsassen|bavaria||12.31,50.00
kemnath|Kemnath|bavaria||11.89,49.87
auerbach|Auerbach|bavaria||11.63,49.69
vohenstrauss|Vohenstrauss|bavaria||12.34,49.62
waldmuenchen|Waldmünchen|bavaria||12.71,49.38
## Palatinate-Neuburg/Sulzbach (Elector Palatine's lands)
neuburg|Neuburg|pfalz_neuburg||11.18,48.73
sulzbach|Sulzbach|pfalz_neuburg||11.75,49.50
weiden|Weiden|pfalz_neuburg||12.16,49.68
parsberg|Parsberg|pfalz_neuburg||11.72,49.16
## bishoprics, free cities
regensburg|Regensburg|imperial_cities||Regensburg
passau|Passau|passau||Passau
augsburg|Augsburg|imperial_cities||Augsburg
eichstaett|Eichstätt|franconia||11.18,48.89
nuernberg|Nürnberg|franconia||Nuremberg
fuerth|Fürth|franconia||Fürth
schwabach|Schwabach|franconia||Schwabach
roth|Roth|franconia||11.09,49.25
weissenburg_fr|Weissenburg|franconia||10.97,49.03
lauf|Lauf|franconia||11.28,49.51
hersbruck|Hersbruck|franconia||11.43,49.51
erlangen|Erlangen|franconia||Erlangen
forchheim|Forchheim|franconia||Forchheim
bamberg|Bamberg|franconia||Bamberg
bayreuth|Bayreuth|franconia||Bayreuth
kulmbach|Kulmbach|franconia||Kulmbach
pegnitz|Pegnitz|franconia||fr:Pegnitz
hof|Hof|franconia||Hof
wunsiedel|Wunsiedel|franconia||12.00,50.04
kronach|Kronach|franconia||fr:Kronach
coburg|Coburg|thuringia||Coburg
lichtenfels|Lichtenfels|franconia||11.06,50.14
salzburg_m|Mühldorf|salzburg||12.52,48.25
laufen|Laufen|salzburg||12.93,47.94
tittmoning|Tittmoning|salzburg||12.77,48.06
## corridor towns and other additions
boehmisch_brod|Böhmisch Brod|bohemia||14.86,50.07
peterswalde|Peterswalde|bohemia||13.98,50.77
lobositz|Lobositz|bohemia||14.05,50.52
budin|Budin|bohemia||14.24,50.41
welwarn|Welwarn|bohemia||14.24,50.29
pohrlitz|Pohrlitz|moravia||16.52,49.04
jaegerndorf|Jägerndorf|silesia||17.71,50.10
zuckmantel|Zuckmantel|silesia||17.29,50.29
muensterberg|Münsterberg|silesia||17.02,50.56
poysdorf|Poysdorf|lower_austria||16.63,48.67
engelhartszell|Engelhartszell|upper_austria||13.77,48.51
'''

# ---------------------------------------------------------------- FRIEDRICH fill rules (Bohemia map)
# FRIEDRICH fill rules for the Bohemia map
PL_NAMES = {'Skwierzyna':'Schwerin an der Warthe','Międzyrzecz':'Meseritz','Międzychód':'Birnbaum','Wolsztyn':'Wollstein',
 'Grodzisk':'Grätz','Wronki':'Wronke','Wschowa':'Fraustadt','Szamotuły':'Samter','Leszno':'Lissa','Kościan':'Kosten',
 'Rawicz':'Rawitsch','Poznań':'Posen','Śrem':'Schrimm','Gostyń':'Gostyn','Środa':'Schroda','Krotoszyn':'Krotoschin',
 'Jarocin':'Jarotschin','Pleszew':'Pleschen','Ostrów':'Ostrowo','Kępno':'Kempen','Kalisz':'Kalisch','Wieruszów':'Wieruschow'}
SILESIA_AUSTRIA = {'Freiwaldau','Freudenthal','Troppau','Karwin','Friedek','Ostrau','Teschen','Jägerndorf','Bielitz','Hultschin'}
MORAVIA = {'Boskowitz','Trübau','Zwittau','Brünn','Proßnitz','Olmütz','Sternberg','Prerau','Neutitschein','Trebitsch','Iglau','Schönberg','Littau','Mährisch Neustadt'}
BRANDENBURG_OVERRIDE = {'Cottbus','Peitz','Crossen','Züllichau','Aschersleben','Halberstadt','Halle','Quedlinburg'}
ANHALT = {'Köthen','Dessau','Zerbst','Bernburg'}
SKIP = {'Zschornewitz','Deuben','Lauchhammer','Slapy','Orlik','Nürschan','Kladno','Karwin','Weißwasser','Velten','Chorin',
        'Ciechocinek','Sompolno','Turek','Konin','Inowrocław','Mogilno','Krzyż','Rogaźno','Wągrwiec','Gniezno','Września','Aue','Sonneberg'}
RENAME = {'Königs': 'Königs Wusterhausen', 'Proßnitz': 'Prossnitz', 'Groß': None, 'Friedek Mistek': 'Friedek', 'Frankfurt': 'Frankfurt (Oder)'}
def territory(name, c, lon, lat):
    """Territory of a FRIEDRICH town on the MARIA Bohemia map (None = leave it out)."""
    co = c['country']
    if co == 'Hanover': return None
    if co == 'Poland': return 'poland' if name in PL_NAMES else None
    if co == 'Austria':
        if name in SILESIA_AUSTRIA or name.startswith('Friedek'): return 'silesia'
        if name in MORAVIA: return 'moravia'
        return 'bohemia'
    if co == 'Prussia':
        if name in BRANDENBURG_OVERRIDE: return 'brandenburg'
        if lat < 52.0 and lon > 14.95: return 'silesia'
        return 'brandenburg'
    if co == 'Saxony':
        if name in BRANDENBURG_OVERRIDE: return 'brandenburg'
        return 'saxony'
    if co == 'Empire':
        if name in ANHALT: return 'anhalt'
        if name == 'Quedlinburg': return 'brandenburg'
        if lat > 50.45: return 'thuringia'
        return None   # Franconia / Upper Palatinate come from the manual list
    return None

# ---------------------------------------------------------------- reference data
G = {}
FR = {}
_cub = None
_m = None


def load_reference(shared):
    global _cub, _m
    for line in open(os.path.join(shared, 'reference', 'gazetteer.tsv'), encoding='utf8'):
        if line.startswith('#') or line.startswith('name\t'):
            continue
        p = line.rstrip('\n').split('\t')
        names = [p[0]] + [n for n in (p[5].split('|') if len(p) > 5 else []) if n]
        for n in names:
            G.setdefault(n.strip().lower(), []).append((float(p[2]), float(p[3]), int(p[4]), p[1], p[0]))
    fb = yaml.safe_load(open(os.path.join(shared, 'reference', 'friedrich-board.yaml'), encoding='utf8'))
    FR.update({c['name']: c for c in fb['cities']})
    # cubic fit FRIEDRICH image x/y -> lon/lat over the towns found in the gazetteer
    pts = []
    for n, c in FR.items():
        g = [t for t in G.get(n.lower(), []) if t[3] in ('DE', 'PL', 'CZ', 'AT', 'SK')]
        if g:
            t = max(g, key=lambda t: t[2]); pts.append((c['x'], c['y'], t[1], t[0]))
    A = np.array([[p[0], p[1], 1] for p in pts]); L = np.array([[p[2], p[3]] for p in pts])
    for _ in range(3):   # drop homonyms with an affine pre-fit
        sol = np.linalg.lstsq(A, L, rcond=None)[0]
        res = np.linalg.norm(A @ sol - L, axis=1)
        keep = res < max(0.15, np.percentile(res, 90))
        A, L = A[keep], L[keep]; pts = [p for p, k in zip(pts, keep) if k]
    F = np.array([_feats(p[0], p[1]) for p in pts])
    _cub = np.linalg.lstsq(F, L, rcond=None)[0]
    m = []
    for n, c in FR.items():
        g = [t for t in G.get(n.lower(), []) if t[3] in ('DE', 'PL', 'CZ', 'AT', 'SK')]
        if g:
            t = max(g, key=lambda t: t[2]); p = frll(n)
            if abs(p[0] - t[1]) < 0.5 and abs(p[1] - t[0]) < 0.5:
                m.append((c['x'], c['y'], t[1] - p[0], t[0] - p[1]))
    _m = np.array(m)


def _feats(x, y):
    x = x / 1000; y = y / 1000
    return [1, x, y, x * x, x * y, y * y, x ** 3, x * x * y, x * y * y, y ** 3]


def gz(name, cc=None):
    g = G.get(name.lower())
    if not g:
        return None
    if cc:
        g = [t for t in g if t[3] in cc] or g
    t = max(g, key=lambda t: t[2])
    return (t[1], t[0])


def frll(name):
    c = FR[name]
    r = np.array(_feats(c['x'], c['y'])) @ _cub
    return (float(r[0]), float(r[1]))


def frll2(name):
    """FRIEDRICH position -> lon/lat, corrected by the residuals of the 6 nearest gazetteer towns."""
    c = FR[name]; p = np.array(frll(name))
    d = np.hypot(_m[:, 0] - c['x'], _m[:, 1] - c['y'])
    idx = np.argsort(d)[:6]; w = 1 / (d[idx] + 20) ** 2
    corr = (w[:, None] * _m[idx, 2:]).sum(0) / w.sum()
    return (float(p[0] + corr[0]), float(p[1] + corr[1]))

COLS = 'ABCDEFGHIJKLMN'
PX = (180.0, 120.0)


def cell_of(x, y):
    return f"{COLS[int(x)]}{int(y) + 1}"


def parse_list(text, ccs):
    out = []
    for l in text.splitlines():
        l = l.strip()
        if not l or l.startswith('#'):
            continue
        i, n, t, f, s = l.split('|')
        if s.startswith('fr:'):
            lon, lat = frll2(s[3:])
        elif ',' in s and s.replace(',', '').replace('.', '').isdigit():
            lon, lat = map(float, s.split(','))
        else:
            nm, _, cc = s.partition('@')
            r = gz(nm, (cc,) if cc else ccs)
            assert r, (i, s)
            lon, lat = r
        out.append(dict(id=i, name=n, territory=t, fortress=f or 'none', lon=lon, lat=lat, manual=True))
    return out


# ---------------------------------------------------------------- projections
def proj_bohemia(lon, lat):
    s, k, th, tx, ty = 2.58766397, 0.95996202, 0.03670036, 3.86649002, 5.02777569
    E = (lon - 14.5) * 111.32 * math.cos(math.radians(50.0)); N = (lat - 50.0) * 110.57
    X = s * (math.cos(th) * E - math.sin(th) * N * k); Y = s * (math.sin(th) * E + math.cos(th) * N * k)
    return 6 + tx + X / 180, ty + Y / 120


def proj_flanders(lon, lat):
    s, k, th, tx, ty, c = 2.0851, 1.0554, 0.1446, 3.2998, 5.8491, 0.6701
    d = lon - 6.0
    if d > 0:
        d *= c
    E = d * 111.32 * math.cos(math.radians(50.5)); N = (lat - 50.5) * 110.57
    X = s * (math.cos(th) * E - math.sin(th) * N * k); Y = s * (math.sin(th) * E + math.cos(th) * N * k)
    return tx + X / 180, ty + Y / 120


def rbf_warp(cities, anchors, sigma=0.55):
    """anchors: {id: (tx, ty)} target positions. Gaussian RBF interpolation of the displacement."""
    ids = list(anchors)
    P = np.array([[cities[i]['x'], cities[i]['y']] for i in ids])
    D = np.array([[anchors[i][0] - cities[i]['x'], anchors[i][1] - cities[i]['y']] for i in ids])
    def kern(a, b):
        d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)
        return np.exp(-d2 / (2 * sigma ** 2))
    W = np.linalg.solve(kern(P, P) + 1e-9 * np.eye(len(ids)), D)
    allp = np.array([[c['x'], c['y']] for c in cities.values()])
    disp = kern(allp, P) @ W
    for (cid, c), d in zip(cities.items(), disp):
        c['x'] += float(d[0]); c['y'] += float(d[1])
    def f(x, y):
        d = kern(np.array([[x, y]]), P) @ W
        return x + float(d[0, 0]), y + float(d[0, 1])
    return f


def pxdist(a, b):
    return math.hypot((a[0] - b[0]) * PX[0], (a[1] - b[1]) * PX[1])


def seg_point_px(p, a, b):
    ax, ay = a[0] * PX[0], a[1] * PX[1]; bx, by = b[0] * PX[0], b[1] * PX[1]
    px, py = p[0] * PX[0], p[1] * PX[1]
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / L2)) if L2 else 0
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def cross(p1, p2, p3, p4):
    def o(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2, d3, d4 = o(p3, p4, p1), o(p3, p4, p2), o(p1, p2, p3), o(p1, p2, p4)
    return (d1 * d2 < 0) and (d3 * d4 < 0)


def in_rect(p, r, pad=0.0):
    x, y, w, h = r
    return x - pad <= p[0] <= x + w + pad and y - pad <= p[1] <= y + h + pad


def build_roads(cities, chains, target_deg=3.0, water=(), maxlen_px=150, clear_px=22, max_deg=6, extra=(), forbid=()):
    from scipy.spatial import Delaunay
    ids = [c['id'] for c in cities]
    P = {c['id']: (c['x'], c['y']) for c in cities}
    forbid = {frozenset(e) for e in forbid}
    def ok_clear(u, v):
        for w in ids:
            if w != u and w != v and seg_point_px(P[w], P[u], P[v]) < clear_px:
                return False
        return True
    def wet(u, v):
        return any(seg_poly_cross(P[u], P[v], poly) for poly in water)
    forced = []
    for ch in chains:
        for a, b in zip(ch, ch[1:]):
            forced.append((a, b))
    for a, b in extra:
        forced.append((a, b))
    problems = []
    for a, b in forced:
        if not ok_clear(a, b):
            bad = [w for w in ids if w not in (a, b) and seg_point_px(P[w], P[a], P[b]) < clear_px]
            problems.append(f'forced {a}-{b} passes near {bad}')
    sel = []
    def crosses_any(u, v):
        for a, b in sel:
            if len({a, b, u, v}) < 4:
                continue
            if cross(P[a], P[b], P[u], P[v]):
                return (a, b)
        return None
    for a, b in forced:
        c = crosses_any(a, b)
        if c:
            problems.append(f'forced {a}-{b} crosses {c}')
        sel.append((a, b))
    pts = np.array([[P[i][0] * PX[0], P[i][1] * PX[1]] for i in ids])
    tri = Delaunay(pts)
    cand = set()
    for s in tri.simplices:
        for i in range(3):
            a, b = ids[s[i]], ids[s[(i + 1) % 3]]
            cand.add(tuple(sorted((a, b))))
    cand = [e for e in cand if pxdist(P[e[0]], P[e[1]]) <= maxlen_px and frozenset(e) not in forbid
            and ok_clear(*e) and not wet(*e)]
    have = {frozenset(e) for e in sel}
    deg = {i: 0 for i in ids}
    for a, b in sel:
        deg[a] += 1; deg[b] += 1
    def d(u, v):
        return pxdist(P[u], P[v])
    # relative neighbourhood graph edges first
    nbr = {}
    for a, b in cand:
        nbr.setdefault(a, []).append(b); nbr.setdefault(b, []).append(a)
    def rng(u, v):
        duv = d(u, v)
        for w in ids:
            if w in (u, v):
                continue
            if max(d(u, w), d(v, w)) < duv:
                return False
        return True
    def gabriel(u, v):
        mx, my = (P[u][0] + P[v][0]) / 2, (P[u][1] + P[v][1]) / 2
        r = d(u, v) / 2
        return all(w in (u, v) or pxdist(P[w], (mx, my)) >= r for w in ids)
    cand.sort(key=lambda e: d(*e))
    def add(e):
        if frozenset(e) in have or deg[e[0]] >= max_deg or deg[e[1]] >= max_deg:
            return False
        if crosses_any(*e):
            return False
        sel.append(e); have.add(frozenset(e)); deg[e[0]] += 1; deg[e[1]] += 1
        return True
    for e in cand:
        if rng(*e):
            add(e)
    n = len(ids)
    for e in cand:
        if 2 * len(sel) / n >= target_deg:
            break
        if gabriel(*e):
            add(e)
    for e in cand:
        if 2 * len(sel) / n >= target_deg:
            break
        add(e)
    return sel, [tuple(x) for x in forced], problems


def seg_poly_cross(a, b, poly):
    n = len(poly)
    for i in range(n):
        if cross(a, b, poly[i], poly[(i + 1) % n]):
            return True
    # fully inside
    def inside(p):
        c = False
        for i in range(n):
            x1, y1 = poly[i]; x2, y2 = poly[(i + 1) % n]
            if (y1 > p[1]) != (y2 > p[1]) and p[0] < (x2 - x1) * (p[1] - y1) / (y2 - y1) + x1:
                c = not c
        return c
    return inside(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))


def bfs(edges, src):
    adj = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b); adj.setdefault(b, set()).add(a)
    dist = {src: 0}; q = [src]
    for u in q:
        for v in adj.get(u, ()):
            if v not in dist:
                dist[v] = dist[u] + 1; q.append(v)
    return dist


# ---------------------------------------------------------------- the two maps
def mkid(n):
    s = n.lower().replace('ü', 'ue').replace('ö', 'oe').replace('ä', 'ae').replace('ß', 'ss')
    s = unicodedata.normalize('NFKD', s).encode('ascii', 'ignore').decode()
    return re.sub(r'[^a-z0-9]+', '_', s).strip('_')


def thin(allc, must, sp_of, frame, furn, base):
    def prio(c):
        p = 0
        if c['id'] in must: p += 1000
        if c['fortress'] != 'none': p += 500
        if c.get('manual'): p += 200
        p += c.get('deg', 0) * 10
        return -p
    kept = []
    for c in sorted(allc.values(), key=prio):
        x0, x1 = frame
        if not (x0 + 0.12 <= c['x'] <= x1 - 0.12 and 0.12 <= c['y'] <= 11.88):
            continue
        if any(in_rect((c['x'], c['y']), r, 0.06) for r in furn):
            continue
        ism = c['id'] in must or c['fortress'] != 'none'
        sp = 39 if ism else sp_of.get(c['territory'], base)
        if any(pxdist((c['x'], c['y']), (k['x'], k['y'])) < (39 if ism else max(sp, sp_of.get(k['territory'], base)))
               for k in kept):
            assert not ism, c['id']
            continue
        kept.append(c)
    return kept


B_FORTS = {'Berlin': 'major', 'Magdeburg': 'major', 'Küstrin': 'minor', 'Spandau': 'minor', 'Dresden': 'major',
           'Leipzig': 'minor', 'Wittenberg': 'minor', 'Torgau': 'minor', 'Liegnitz': 'minor', 'Glogau': 'minor',
           'Breslau': 'major', 'Neisse': 'minor', 'Cosel': 'minor', 'Brieg': 'minor', 'Glatz': 'minor'}
B_CHAINS = [l.split() for l in """berlin fuerstenwalde frankfurt_oder crossen gruenberg neusalz glogau steinau neumarkt
breslau ohlau brieg grottkau neisse zuckmantel freudenthal olmuetz prossnitz wischau bruenn pohrlitz nikolsburg mistelbach wolkersdorf wien
leipzig wurzen oschatz meissen dresden bischofswerda bautzen loebau goerlitz bunzlau haynau liegnitz neumarkt breslau
dresden pirna aussig leitmeritz budin prag
prag boehmisch_brod kolin tschaslau deutschbrod iglau budwitz znaim hollabrunn stockerau wien
regensburg straubing deggendorf vilshofen passau engelhartszell linz enns amstetten melk st_poelten wien
muenchen freising landshut vilsbiburg eggenfelden braunau ried wels linz""".splitlines()]
B_FURN = [(10.58, 11.42, 0.8, 0.5), (11.1, 0.05, 0.65, 0.35), (13.3, 0.05, 0.62, 0.62), (11.6, 11.45, 0.9, 0.45),
          (12.6, 10.8, 1.35, 1.15)]
F_CHAINS = [l.split() for l in """lille tournai ath enghien bruessel loewen tienen tongern maastricht aachen juelich koeln
koeln bonn koblenz mainz mannheim landau weissenburg hagenau strassburg
metz thionville trier wittlich cochem koblenz""".splitlines()]
F_FURN = [(0.05, 10.25, 1.7, 1.7), (0.05, 7.25, 0.7, 0.55), (1.85, 11.4, 0.6, 0.55), (0.05, 0.05, 0.9, 0.55),
          (1.05, 0.05, 0.9, 0.55), (3.4, 0.05, 2.5, 0.6)]
F_WATER = [  # Zuiderzee; Wadden and North Sea; Zeeland estuaries and Hollands Diep (lon, lat)
    [(4.95, 52.40), (5.10, 52.33), (5.40, 52.30), (5.70, 52.40), (5.85, 52.55), (5.75, 52.80), (5.40, 52.90),
     (5.30, 53.05), (5.05, 53.10), (4.95, 52.90), (5.05, 52.65)],
    [(4.7, 53.0), (5.3, 53.25), (6.0, 53.45), (7.2, 53.6), (7.2, 54.5), (4.5, 54.5)],
    [(3.3, 51.42), (3.9, 51.36), (4.2, 51.38), (4.25, 51.45), (4.2, 51.55), (4.35, 51.65), (4.6, 51.71),
     (4.70, 51.73), (4.5, 51.78), (4.1, 51.85), (3.8, 51.9), (3.4, 51.6)]]


def build_bohemia():
    man = parse_list(BOHEMIA_TOWNS, ('CZ', 'AT', 'DE', 'SK', 'PL', 'HU'))
    for c in man:
        c['x'], c['y'] = proj_bohemia(c['lon'], c['lat'])
    allc = {c['id']: c for c in man}
    for n, c in FR.items():
        lon, lat = frll2(n); x, y = proj_bohemia(lon, lat)
        if not (6.0 < x < 14 and 0 < y < 12) or n in SKIP:
            continue
        t = territory(n, c, lon, lat)
        nm = RENAME.get(PL_NAMES.get(n, n), PL_NAMES.get(n, n))
        if not t or nm is None:
            continue
        if any(pxdist((x, y), (m['x'], m['y'])) < 30 or (m['name'] == nm and pxdist((x, y), (m['x'], m['y'])) < 80)
               for m in man):
            continue
        cid = mkid(nm); assert cid not in allc, cid
        allc[cid] = dict(id=cid, name=nm, territory=t, fortress=B_FORTS.get(n, 'none'), lon=lon, lat=lat, x=x, y=y,
                         manual=False, deg=len(c['roads']) + len(c['main_roads']))
    anch = {}
    for cid, w in {'dresden': ('x<', 8.86), 'leipzig': ('y<', 7.86), 'wien': ('xy', 12.12, 0.88),
                   'pressburg': ('xy', 13.12, 0.85), 'glatz': ('xy', 11.86, 5.86)}.items():
        c = allc[cid]
        anch[cid] = ((min(c['x'], w[1]), c['y']) if w[0] == 'x<' else (c['x'], min(c['y'], w[1])) if w[0] == 'y<'
                     else (w[1], w[2]))
    for cid in ['prag', 'berlin', 'breslau', 'muenchen', 'linz', 'bruenn', 'olmuetz', 'glogau', 'kolin', 'crossen',
                'ingolstadt', 'regensburg', 'cosel', 'magdeburg', 'amstetten']:
        anch.setdefault(cid, (allc[cid]['x'], allc[cid]['y']))
    rbf_warp(allc, anch)
    must = set(x for ch in B_CHAINS for x in ch) | set(
        'eichstaett sprottau auerbach neumarkt_opf nuernberg amstetten kolin baden sagan landsberg kuestrin magdeburg '
        'glatz cosel pressburg ingolstadt donauwoerth augsburg landsberg_lech'.split())
    base = 56
    sp = {'poland': 85, 'thuringia': 70, 'anhalt': 65, 'brandenburg': base + 8, 'franconia': base + 6, 'hungary': 60,
          'salzburg': 60, 'saxony': base, 'imperial_cities': base + 6}
    kept = thin(allc, must, sp, (6, 14), B_FURN, base)
    roads, forced, probs = build_roads(kept, B_CHAINS, target_deg=3.0)
    return kept, roads, forced, probs


def build_flanders():
    man = parse_list(FLANDERS_TOWNS, ('FR', 'BE', 'NL', 'DE', 'LU'))
    allc = {}
    for c in man:
        c['x'], c['y'] = proj_flanders(c['lon'], c['lat']); allc[c['id']] = c
    anch = {}
    for cid, w in {'amsterdam': ('x>', 2.12), 'etampes': ('y<', 0.88)}.items():
        c = allc[cid]
        anch[cid] = (max(c['x'], w[1]), c['y']) if w[0] == 'x>' else (c['x'], min(c['y'], w[1]))
    for cid in ['lille', 'laon', 'metz', 'hannover', 'hertogenbosch', 'loewen', 'maastricht', 'tournai', 'utrecht',
                'gent', 'koeln', 'luxemburg', 'strassburg', 'paris', 'bruessel', 'turnhout']:
        anch.setdefault(cid, (allc[cid]['x'], allc[cid]['y']))
    warpf = rbf_warp(allc, anch)
    # hand nudges: Tongern 8 px west (spacing to Maastricht); Ulm and Memmingen pulled inside the east frame
    allc['tongern']['x'] -= 0.04; allc['tongern']['y'] -= 0.03
    allc['ulm']['x'] = 5.8; allc['memmingen']['x'] = 5.84
    must = set(x for ch in F_CHAINS for x in ch) | set(
        'paris etampes lille laon metz bruessel loewen turnhout hertogenbosch amsterdam hannover ulm memmingen troyes '
        'ostende stuttgart'.split())
    base = 40
    sp = {'hesse': base + 15, 'westphalia': base + 12, 'kurkoeln': base + 5, 'prussia_rhine': base + 5,
          'hanover': base + 10, 'swabia': base + 10, 'france': base + 14}
    kept = thin(allc, must, sp, (0, 6), F_FURN, base)
    water = [[warpf(*proj_flanders(lo, la)) for lo, la in poly] for poly in F_WATER]
    roads, forced, probs = build_roads(kept, F_CHAINS, target_deg=3.0, water=water)
    return kept, roads, forced, probs


# ---------------------------------------------------------------- YAML output
B_TERR = [('bohemia', 'Böhmen', 'austria', True), ('moravia', 'Mähren', 'austria', True),
          ('upper_austria', 'Oberösterreich', 'austria', True), ('lower_austria', 'Niederösterreich', 'austria', True),
          ('hungary', 'Ungarn', 'austria', False), ('silesia', 'Schlesien', None, False),
          ('brandenburg', 'Brandenburg', 'prussia', False), ('saxony', 'Sachsen', 'saxony', False),
          ('bavaria', 'Bayern', 'bavaria', False), ('pfalz_neuburg', 'Pfalz-Neuburg und Sulzbach', None, False),
          ('imperial_cities', 'Reichsstädte', None, False), ('passau', 'Hochstift Passau', None, False),
          ('salzburg', 'Erzstift Salzburg', None, False), ('franconia', 'Franken', None, False),
          ('thuringia', 'Thüringen', None, False), ('anhalt', 'Anhalt', None, False), ('poland', 'Polen', None, False)]
F_TERR = [('france', 'Frankreich', 'france', False), ('austrian_netherlands', 'Österreichische Niederlande', 'austria', False),
          ('dutch_republic', 'Generalstaaten', 'pragmatic_army', False), ('hanover', 'Kurhannover', 'pragmatic_army', False),
          ('prussia_rhine', 'Kleve, Mark, Minden (preussisch)', 'prussia', False), ('kurkoeln', 'Kurköln', None, False),
          ('kurtrier', 'Kurtrier', None, False), ('kurmainz', 'Kurmainz', None, False), ('kurpfalz', 'Kurpfalz', None, False),
          ('juelich_berg', 'Jülich-Berg', None, False), ('luettich', 'Hochstift Lüttich', None, False),
          ('westphalia', 'Westfälische Stifter', None, False), ('hesse', 'Hessen', None, False),
          ('swabia', 'Schwaben (Württemberg, Baden, Ulm)', None, False),
          ('rhine_imperial_cities', 'Reichsstädte am Rhein', None, False)]
ELECTORS = {'mainz', 'trier', 'koeln', 'mannheim', 'hannover', 'berlin', 'dresden', 'muenchen', 'prag'}


def write_map(path, mapname, terr, kept, roads, forced, title):
    main = {frozenset(e) for e in forced}
    L = [f'# MARIA board, {title} map — RECONSTRUCTION (not the printed board).',
         '# Rebuilt from real 1741 geography (GeoNames positions, FRIEDRICH board topology, period maps)',
         '# and from every fact the rulebooks give; see boards/README.md and docs/board-notes.md.',
         '# Positions are grid units [x, y] (x west->east, y south->north). Edit by hand, then run',
         '#     python -m maria check-boards', '', f'map: {mapname}', '', 'territories:']
    for tid, nm, home, core in terr:
        e = f'  - {{id: {tid}, name: "{nm}", home_of: {home or "null"}'
        e += ', core_austria: true}' if core else '}'
        L.append(e)
    L += ['', 'cities:']
    for tid, nm, home, core in terr:
        cs = sorted([c for c in kept if c['territory'] == tid], key=lambda c: (-round(c['y'], 2), c['x']))
        if not cs:
            continue
        L.append(f'  # --- {nm} ({tid})')
        for c in cs:
            e = f'  - {{id: {c["id"]}, name: "{c["name"]}", pos: [{c["x"]:.2f}, {c["y"]:.2f}], territory: {tid}'
            if c['fortress'] != 'none':
                e += f', fortress: {c["fortress"]}'
            if c['id'] in ELECTORS:
                e += ', elector: true'
            L.append(e + '}')
    order = {c['id']: i for i, c in enumerate(kept)}
    ords = sorted([tuple(sorted(e, key=order.get)) for e in roads if frozenset(e) not in main])
    L += ['', 'roads:'] + [f'  - [{a}, {b}]' for a, b in sorted(ords)]
    L += ['', 'main_roads:'] + [f'  - [{a}, {b}]' for a, b in forced]
    open(path, 'w', encoding='utf8').write('\n'.join(L) + '\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--shared', default=SHARED)
    ap.add_argument('--out', default=os.path.join(os.path.dirname(__file__), '..', 'boards'))
    a = ap.parse_args()
    load_reference(a.shared)
    for name, fn, terr, title in (('bohemia', build_bohemia, B_TERR, 'Bohemia'),
                                  ('flanders', build_flanders, F_TERR, 'Flanders')):
        kept, roads, forced, probs = fn()
        for p in probs:
            print('warning:', p)
        write_map(os.path.join(a.out, f'{name}.yaml'), name, terr, kept, roads, forced, title)
        print(f'{name}: {len(kept)} cities, {len(roads)} roads, mean degree {2 * len(roads) / len(kept):.2f}')


if __name__ == '__main__':
    main()
