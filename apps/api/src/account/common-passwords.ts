/**
 * Passwords people choose most often, refused at registration, reset and change (see
 * password-policy.ts, which also catches them with symbols, digits and look-alike characters
 * added). Source: "10-million-password-list-top-10000.txt" of the SecLists project (MIT
 * licence), Common-Credentials folder: the top of that list in its order (about 1,900 entries),
 * lower-cased, less those under 4 characters and a slur, followed by longer (9+ character)
 * entries picked from the rest of its 10,000. Whitespace separates entries.
 */
const list = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 pussy superman
1qaz2wsx 7777777 fuckyou 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter
buster soccer harley batman andrew tigger sunshine iloveyou fuckme 2000 charlie robert thomas hockey ranger
daniel starwars klaster 112233 george asshole computer michelle jessica pepper 1111 zxcvbn 555555 11111111
131313 freedom 777777 pass fuck maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley
6969 nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix william
corvette hello martin heather secret fucker merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888
anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha
bigdog guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro sexy peanut morgan welcome
falcon cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer
booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq
purple hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999
ncc1701 coffee scooby 0000 miller boston q1w2e3r4 fuckoff brandon yamaha chester mother forever johnny edward
333333 oliver redsox player nikita knight fender barney midnight please brandy chicago badboy iwantu slayer
rangers charles angel flower bigdaddy rabbit wizard bigdick jasper enter rachel chris steven winner adidas
victoria natasha 1q2w3e4r jasmine winter prince panties marine ghbdtn fishing cocacola casper james 232323
raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321 sexsex golden blowme bigtits 8675309
panther lauren angela bitch spanky thx1138 angels madison winston shannon mike toyota blowjob jordan23 canada
sophie apples dick tiger razz 123abc pokemon qazxsw 55555 qwaszx muffin johnson murphy cooper jonathan
liverpoo david danielle 159357 jackie 1990 123456a 789456 turtle horny abcd1234 scorpion qazwsxedc 101010
butter carlos password1 dennis slipknot qwerty123 booger asdf 1991 black startrek 12341234 cameron newyork
rainbow nathan john 1992 rocket viking redskins butthead asdfghjkl 1212 sierra peaches gemini doctor wilson
sandra helpme qwertyui victor florida dolphin pookie captain tucker blue liverpool theman bandit dolphins
maddog packers jaguar lovers nicholas united tiffany maxwell zzzzzz nirvana jeremy suckit stupid porn monica
elephant giants jackass hotdog rosebud success debbie mountain 444444 xxxxxxxx warrior 1q2w3e4r5t q1w2e3
123456q albert metallic lucky azerty 7777 shithead alex bond007 alexis 1111111 samson 5150 willie scorpio
bonnie gators benjamin voodoo driver dexter 2112 jason calvin freddy 212121 creative 12345a sydney rush2112
1989 asdfghjk red123 bubba 4815162342 passw0rd trouble gunner happy fucking gordon legend jessie stella qwert
eminem arthur apple nissan bullshit bear america 1qazxsw2 nothing parker 4444 rebecca qweqwe garfield
01012011 beavis 69696969 jack asdasd december 2222 102030 252525 11223344 magic apollo skippy 315475 girls
kitten golf copper braves shelby godzilla beaver fred tomcat august buddy airborne 1993 1988 lifehack qqqqqq
brooklyn animal platinum phantom online xavier darkness blink182 power fish green 789456123 voyager police
travis 12qwaszx heaven snowball lover abcdef 00000 pakistan 007007 walter playboy blazer cricket sniper
hooters donkey willow loveme saturn therock redwings bigboy pumpkin trinity williams tits nintendo digital
destiny topgun runner marvin guinness chance bubbles testing fire november minecraft asdf1234 lasvegas sergey
broncos cartman private celtic birdie little cassie babygirl donald beatles 1313 dickhead family 12121212
school louise gabriel eclipse fluffy 147258369 lol123 explorer beer nelson flyers spencer scott lovely gibson
doggie cherry andrey snickers buffalo pantera metallica member carter qwertyu peter alexande steve bronco
paradise goober 5555 samuel montana mexico dreams michigan cock carolina yankee friends magnum surfer poopoo
maximus genius cool vampire lacrosse asd123 aaaa christin kimberly speedy sharon carmen 111222 kristina sammy
racing ou812 sabrina horses 0987654321 qwerty1 pimpin baby stalker enigma 147147 star poohbear boobies 147258
simple bollocks 12345q marcus brian 1987 qweasdzxc drowssap hahaha caroline barbara dave viper drummer action
einstein bitches genesis hello1 scotty friend forest 010203 hotrod google vanessa spitfire badger maryjane
friday alaska 1232323q tester jester jake champion billy 147852 rock hawaii badass chevy 420420 walker stephen
eagle1 bill 1986 october gregory svetlana pamela 1984 music shorty westside stanley diesel courtney 242424
kevin porno hitman boobs mark 12345qwert reddog frank qwe123 popcorn patricia aaaaaaaa 1969 teresa mozart
buddha anderson paul melanie abcdefg security lucky1 lizard denise 3333 a12345 123789 ruslan stargate
simpsons scarface eagle 123456789a thumper olivia naruto 1234554321 general cherokee a123456 vincent
usuckballz1 spooky qweasd cumshot free frankie douglas death 1980 loveyou kitty kelly veronica suzuki semperfi
penguin mercury liberty spirit scotland natalie marley vikings system sucker king allison marshall 1979
098765 qwerty12 hummer adrian 1985 vfhbyf sandman rocky leslie antonio 98765432 4321 softball passion mnbvcxz
bastard passport horney rascal howard franklin bigred assman alexander homer redrum jupiter claudia 55555555
141414 zaq12wsx shit patches cunt raider infinity andre 54321 galore college russia kawasaki bishop
77777777 vladimir money1 freeuser wildcats francis disney budlight brittany 1994 00000000 sweet oksana honda
domino bulldogs brutus swordfis norman monday jimmy ironman ford fantasy 9999 7654321 hentai duncan cougar
1977 jeffrey house dancer brooke timothy super marines justice digger connor patriots karina 202020 molly
everton tinker alicia rasdzv3 poop pearljam stinky naughty colorado 123123a water test123 ncc1701d motorola
ireland asdfg slut matt houston boogie zombie accord vision bradley reggie kermit froggy ducati avalon 6666
9379992 sarah saints logitech chopper 852456 simpson madonna juventus claire 159951 zachary yfnfif wolverin
warcraft hello123 extreme penis peekaboo fireman eugene brenda 123654789 russell panthers georgia smith
skyline jesus elizabet spiderma smooth pirate empire bullet 8888 virginia valentin psycho predator arizona
134679 mitchell alyssa vegeta titanic christ goblue fylhtq wolf mmmmmm kirill indian hiphop baxter awesome
people danger roland mookie 741852963 1111111111 dreamer bambam arnold 1981 skipper serega rolltide elvis
changeme simon 1q2w3e lovelove fktrcfylh denver tommy mine loverboy hobbes happy1 alison nemesis chevelle
cardinal burton wanker picard 151515 tweety michael1 147852369 12312 xxxx windows turkey 456789 1974 vfrcbv
sublime 1975 galina bobby newport manutd daddy american alexandr 1966 victory rooster qqq111 madmax electric
bigcock a1b2c3 wolfpack spring phpbb lalala suckme spiderman eric darkside classic raptor 123456789q hendrix
1982 wombat avatar alpha zxc123 crazy hard england brazil 1978 01011980 wildcat polina freepass carrie
99999999 qaz123 holiday fyfcnfcbz brother taurus shaggy raymond maksim gundam admin vagina pretty pickle good
chronic alabama airplane 22222222 1976 1029384756 01011 time sports ronaldo pandora cheyenne caesar billybob
bigman 1968 124578 snowman lawrence kenneth horse france bondage perfect kristen devils alpha1 pussycat
kodiak flowers 1973 01012000 leather amber gracie chocolat bubba1 catch22 business 2323 1983 cjkysirj 1972
123qweasd ytrewq wolves stingray ssssss serenity ronald greenday 135790 010101 tiger1 sunset charlie1 berlin
bbbbbb 171717 panzer lincoln katana firebird blizzard a1b2c3d4 white sterling redhead password123 candy anna
142536 sasha pyramid outlaw hercules garcia 454545 trevor teens maria kramer girl popeye pontiac hardon dude
aaaaa 323232 tarheels honey cobra buddy1 remember lickme detroit clinton basketball zeppelin whynot swimming
strike service pavilion michele engineer dodgers britney bobafett adam 741852 21122112 xxxxx robbie miranda
456123 future darkstar icecream connie 1970 jones hellfire fisher fireball apache fuckit blonde bigmac abcd
morris angel1 666999 321321 simone rockstar flash defender 1967 wallace trooper oscar norton casino cancer
beauty weasel savage raven harvey bowling 246810 wutang theone swordfish stewart airforce abcdefgh nipples
nastya jenny hacker 753951 amateur viktor srinivas maxima lennon freddie bluebird qazqaz presario pimp
packard mouse looking lesbian jeff cheryl 2001 wrangler sandy machine lights eatme control tattoo precious
harrison duke beach tornado tanner goldfish catfish openup manager 1971 street soso123aljg roscoe paris
natali light julian jerry dilbert dbrnjhbz chris1 atlanta xfiles thailand sailor pussies pervert lucifer
longhorn enjoy dragons young target elaine dustin 123qweasdzxc student madman lisa integra wordpass prelude
newton lolita ladies hawkeye corona bubble 31415926 trigger spike katie iloveu herman design cannon 999999999
video stealth shooter nfnmzyf hottie browns 314159 trucks malibu bruins bobcat barbie 1964 orlando letmein1
freaky foobar cthutq baller unicorn scully pussy1 potter cookies pppppp philip gogogo elena country assassin
1010 zaqwsx testtest peewee moose microsoft teacher sweety stefan stacey shotgun random laura hooker dfvgbh
devildog chipper athena winnie valentina pegasus kristin fetish butterfly woody swinger seattle lonewolf
joker booty babydoll atlantis tony powers polaris montreal angelina 77777 tickle regina pepsi gizmo express
dollar squirt shamrock knicks hotstuff balls transam stinger smiley ryan redneck mistress hjvfirf cessna bunny
toshiba single piglet fucked father deftones coyote castle cadillac blaster valerie samurai oicu812 lindsay
jasmin james1 ficken blahblah birthday 1234abcd 01011990 sunday manson flipper asdfghj 181818 wicked great
daisy babes skeeter reaper maddie cavalier veronika trucker qazwsx123 mustang1 goldberg escort 12345678910
wolfgang rocks mylove mememe lancer ibanez travel sugar snake sister siemens savannah minnie leonardo basketba
1963 trumpet texas rocky1 galaxy cristina aardvark shelly hotsex goldie fatboy benson 321654 141627 sweetpea
ronnie indigo 13131313 spartan roberto hesoyam freeman freedom1 fredfred pizza manchester lestat kathleen
hamilton erotic blabla 22222 1995 skater pencil passwor larisa hornet hamlet gambit fuckyou2 alfred 456456
sweetie marino lollol 565656 techno special renegade insane indiana farmer drpepper blondie bigboobs 272727
1a2b3c valera storm seven rose nick mister karate casey 1qaz2wsx3edc 1478963 maiden julie curtis colors
christia buckeyes 13579 0123456789 toronto stephani pioneer kissme jungle jerome holland harry garden
enterpri dragon1 diamonds chrissy bigone 343434 wonder wetpussy subaru smitty racecar pascal morpheus joanne
irina indians impala hamster charger change bigfoot babylon 66666666 timber redman pornstar bernie tomtom
thuglife millie buckeye aaron virgin tristan stormy rusty pierre napoleon monkey1 highland chiefs chandler
catdog aurora 1965 trfnthbyf sampson nipple dudley cream consumer burger brandi welcome1 triumph joejoe
hunting dirty caserta brown aragorn 363636 mariah element chichi 2121 123qwe123 wrinkle1 smoke omega monika
leonard justme hobbit gloria doggy chicks bass audrey 951753 51505150 11235813 sakura philips griffin
butterfl artist 66666 island goforit emerald elizabeth anakin watson poison none italia callie bobbob autumn
andreas sherlock q12345 pitbull marathon kelsey inside german blackie access14 123asd zipper overlord nadine
marie basket trombone stones sammie nugget naked kaiser isabelle huskers bomber barcelona babylon5 babe alpine
weed ultimate pebbles nicolas marion loser linda eddie wesley warlock tyler goddess fatcat energy david1
bassman yankees1 whore trojan trixie superfly kkkkkk ybrbnf warren sophia sidney pussys nicola campbell
vfvjxrf singer shirley qawsed paladin martha karen help harold geronimo forget concrete 191919 westham soldier
q1w2e3r4t5y6 poiuyt nikki mario juice jessica1 global dodger 123454321 webster titans tintin tarzan sexual
sammy1 portugal onelove marcel manuel madness jjjjjj holly christy 424242 yvonne sundance sex4me pleasure
logan danny wwwwww truck spartak smile michel history exigen 65432 1234321 sherry sherman seminole rommel
network ladybug isabella holden harris germany fktrctq cotton angelo 14789632 sergio qazxswedc moon jesus1
trunks snakes sluts kingkong bluesky archie adgjmptw 911911 112358 sunny suck snatch planet panama ncc1701e
mongoose head hansolo desire alejandr 1123581321 whiskey waters teen party martina margaret january connect
bluemoon bianca andrei 5555555 smiles nolimit long assass abigail 555666 yomama rocker plastic katrina
ghbdtnbr ferret emily bonehead blessed beagle asasas abgrtyu sticky olga japan jamaica home hector dddddd
1961 turbo stallion personal peace movie morrison joanna geheim finger cactus 7895123 susan super123 spyder
mission anything aleksandr zxcvb shalom rhbcnbyf pickles passat natalia moomoo jumper inferno dietcoke
cumming cooldude chuck christop million lollipop fernando christian blue22 bernard apple1 unreal spunky
ripper open niners letmein2 flatron faster deedee bertha april 4128 01012010 werewolf rubber punkrock orion
mulder missy larry giovanni gggggg cdtnkfyf yoyoyo tottenha shaved newman lindsey joey hongkong freak daniela
camera brianna blackcat a1234567 1q1q1q zzzzzzzz stars pentium patton jamie hollywoo florence biscuit beetle
andy always speed sailing phillip legion gn56gn56 909090 martini dream darren clifford 2002 stocking solomon
silvia pirates office monitor monique milton matthew1 maniac loulou jackoff immortal fossil dodge delta
44444444 121314 sylvia sprite shadow1 salmon diana shasta patriot palmer oxford nylons molly1 irish holmes
curious asdzxc 1999 makaveli kiki kennedy groovy foster drizzt twister snapper sebastia philly pacific jersey
ilovesex dominic charlott carrot anthony1 africa 111222333 sharks serena satan666 maxmax maurice jacob gerald
cosmos columbia colleen cjkywt cantona brooks 99999 787878 rodney nasty keeper infantry frog french eternity
dillon coolio condor anton waterloo velvet vanhalen teddy skywalke sheila sesame seinfeld funtime 012345
standard squirrel qazwsxed ninja kingdom grendel ghost fuckfuck damien crimson boeing bird biggie 090909
zaq123 wolverine wolfman trains sweets sunrise maxine legolas jericho isabel foxtrot

warriors qwerasdf panasonic christine beautiful nuttertools qazwsxedcrfv 1122334455 1234567890q 0000000000
qwerty123456 terminator california enterprise 123456789z superstar rjirfrgbde poiuytrewq 1234512345
zxcasdqwe sexsexsex 963852741 609609609 123789456 789789789 ghjcnjnfr christopher 20002000 undertaker
a123456789 motherlode sersolution qwerty1234 montgom240 salamander 1q2w3e4r5 1qaz2wsx3edc qwertyqwerty
135792468 123456654321 zxcvbnm1 blackjack blablabla dragonball qweqweqwe playstation leavemealone
rjycnfynby 1357924680 1234567891 gfhjkmgfhjkm motherfucker realmadrid polniypizdec0211 tinkerbell
ghostrider wrestling valkyrie argentina strawberry sunflower universal washington pinkfloyd elizaveta
nightmare zaqxswcde qazwsxedc123 yjdsqgfhjkm stanislav happiness sonyericsson 123456qwerty 123qweasdzxc
abrakadabra alessandro 7777777777 23456789 zxcasdqwe123 1234567890- harrypotter wonderful ironmaiden
youtube 5wr2i7h8 123456789qwe 1qazxsw23edc 1234509876 azertyuiop mississippi dragonballz cheerleaers
experienced underground university absolutely skateboard evangelion penetration konstantin cocksucker
revolution masterbating kamasutra hellokitty cassandra butterfly basketball
`;

/** The list as a set, for `isCommonPassword`. */
export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter((entry) => entry.length >= 4));
