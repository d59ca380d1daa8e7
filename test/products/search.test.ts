import t from 'tap'
import { ProductMatcher, productMatcher } from '../../src/products/search.js'
import { splitShoppingList } from '../../src/products/shopping-list.js'
import { CompoundEndings } from '../../src/products/name-words.js'
import { englishSlip, upstreamReading } from '../../src/products/foreign-words.js'
import { particleStems } from '../../src/products/korean-words.js'
import { SlipVocabulary } from '../../src/products/slips.js'
import { simulatorCatalogue } from '../helpers/product-index.js'
import { headOf } from '../../src/products/name-words.js'
import { tokensOf } from '../../src/products/word-tables.js'

// The matcher over the simulator's catalogue (2,413 products), one case per way a literal match failed people: spacing, an extra word, inside a longer word, synonyms, English, a typing slip, not sold.
const catalogue = simulatorCatalogue()
const matcher = new ProductMatcher(catalogue)
const names = (keyword: string, n = 100) =>
  matcher
    .read(keyword)
    .products.slice(0, n)
    .map((p) => p.name)

t.test('spacing does not matter: 캠핑의자 finds the products named 캠핑 의자, and word order does not', async (t) => {
  const joined = names('캠핑의자')
  t.ok(joined.length > 0)
  t.ok(joined.every((name) => name.replace(/\s/g, '').includes('캠핑의자')))
  t.same(names('캠핑 의자'), joined)
  t.same(new Set(names('의자 캠핑')), new Set(joined), 'word order does not decide what is found')
  t.same(names('AA건전지'), names('건전지 AA'), 'Latin letters glued to Hangul are two words when no name glues them')
  t.same(
    matcher.read('c타입충전기').words.map((w) => w.typed),
    ['c타입', '충전기'],
    'a lone letter stays with its word: c alone would match every name with cm',
  )
})

t.test('a word no product has is left out and named, never emptying the answer', async (t) => {
  const reading = matcher.read('선물 포장지')
  t.ok(reading.products.length >= 9)
  t.ok(reading.products.every((p) => p.name.includes('포장지')))
  t.same(reading.ignored, ['선물'])
  const unknown = matcher.read('반짝이는 우산')
  t.same(unknown.ignored, ['반짝이는'])
  t.ok(unknown.products.every((p) => p.name.includes('우산')))
  t.equal(unknown.asList, undefined, 'a word that names nothing is no second item')
  t.equal(reading.asList, undefined, '선물 is a word of no name: not read as an item either')
  t.equal(matcher.read('휴대용 티슈').asList, undefined, 'nor a word that only describes (휴대용)')
  t.equal(matcher.read('욕실 수납함').asList, undefined, 'nor one that says where: 욕실 is the last word of no name')
  // Two things typed without a comma: 우산 names products of its own, but none with 건전지.
  const two = matcher.read('우산 건전지')
  t.same(two.ignored, ['우산'])
  t.same(two.asList, ['우산', '건전지'], 'the reading offers it as a list of two')
  t.equal(matcher.read('캠핑 의자').asList, undefined, 'words some product carries together are one item')
})

t.test('whole words rank above matches inside longer words, and the reading says when only longer words match', async (t) => {
  const tissues = matcher.read('티슈')
  const first = tissues.products.findIndex((p) => p.name.includes('물티슈'))
  t.ok(first > 0, 'wet wipes (물티슈) come after every tissue')
  t.ok(tissues.products.slice(0, first).every((p) => !p.name.includes('물티슈')))
  t.equal(tissues.words[0]?.match, 'whole')
  const pocket = matcher.read('휴대용 티슈')
  t.notOk(pocket.products[0]?.name.includes('물티슈'), '휴대용 티슈 does not answer with wet wipes first')
  const ribbon = matcher.read('끈')
  t.ok(ribbon.products.length > 0)
  t.equal(ribbon.words[0]?.match, 'inside', '끈 is only inside 리본끈: the reading says so')
})

t.test('synonyms: colours, materials and everyday names', async (t) => {
  const batteries = names('배터리')
  const powerBanks = batteries.findIndex((name) => name.includes('보조배터리'))
  t.ok(powerBanks > 0 && batteries.slice(0, powerBanks).every((name) => name.includes('건전지')), '배터리 finds 건전지 first')
  t.ok(
    Math.max(...batteries.map((name, i) => (name.includes('보조배터리') ? i : -1))) <
      batteries.findIndex((name) => name.includes('보관케이스')),
    'then 배터리 inside 보조배터리 (a battery too), before the cases for batteries',
  )
  t.same(names('검정 우산'), ['3단 우산(블랙)'])
  t.ok(names('휴지').length > 0 && names('휴지').every((name) => name.includes('화장지')))
  t.equal(matcher.read('휴지').words[0]?.via, 'synonym')
})

t.test('English product words find Korean products', async (t) => {
  t.ok(names('umbrella').length > 0 && names('umbrella').every((name) => name.includes('우산')))
  const aa = names('AA batteries')
  const aaa = aa.findIndex((name) => name.includes('AAA'))
  t.ok(aaa > 0 && aa.slice(0, aaa).every((name) => /건전지 AA(?!A)/.test(name)), 'AA batteries: 건전지 AA first')
  t.ok(
    aa.slice(aaa).every((name) => name.includes('건전지 AAA')),
    'then AAA, where AA is inside a longer word',
  )
  t.ok(names('pocket tissue').length > 0 && names('pocket tissue').every((name) => name.includes('티슈')))
  t.ok(names('pocket tissue', 5).every((name) => !name.includes('물티슈')))
  const chargers = names('phone charger')
  t.ok(chargers.length > 0 && chargers.every((name) => name.includes('충전')))
  t.ok(names('power strip').every((name) => name.includes('멀티탭')))
  t.equal(matcher.read('umbrella').words[0]?.via, 'english')
  // A phrase names what its last word alone does not: dish soap is no soap dish, nor a zip lock bag a duvet bag.
  t.ok(names('zip lock bags').length > 0 && names('zip lock bags').every((name) => name.includes('지퍼백')))
  t.same(names('dish soap'), [], 'dish soap is 주방세제, which the simulator does not sell: not 비누받침')
  t.same(names('sleep mask'), [], 'a sleep mask is 수면안대: not sheet masks (마스크팩)')
  t.same(names('coffee filter'), [], 'a coffee filter is 커피필터: not coffee mix')
})

t.test('Japanese product words find Korean products, glued words read one by one (EDICT table)', async (t) => {
  t.ok(names('傘').length > 0 && names('傘').every((name) => name.includes('우산')))
  t.same(
    matcher.read('傘').words.map((w) => [w.typed, w.via, w.forms[0]]),
    [['傘', 'japanese', '우산']],
  )
  t.ok(names('電池').length > 0 && names('電池').every((name) => /건전지|배터리/.test(name)), 'battery: 건전지/배터리')
  t.ok(names('歯ブラシ').length > 0 && names('歯ブラシ').every((name) => name.includes('칫솔')))
  t.ok(names('ホチキス').every((name) => name.includes('스테이플러')) && names('ホチキス').length > 0, 'a katakana loanword')
  // 単三電池 is two table words glued together: 単三 (AA battery) and 電池 (battery).
  const aa = matcher.read('単三電池')
  t.same(
    aa.words.map((w) => w.typed),
    ['単三電池 (単三)', '単三電池 (電池)'],
  )
  t.ok(aa.products.length > 0 && aa.products.every((p) => /건전지 AA/.test(p.name)))
  // Mixed with Korean and English in one keyword, and as a shopping list item.
  t.ok(names('傘 3단').every((name) => name.includes('3단') && name.includes('우산')) && names('傘 3단').length > 0)
  t.same(upstreamReading('傘'), '우산', 'the upstream path reads it too')
  t.same(matcher.read('傘').queries, ['傘', '우산'])
})

t.test('a slip in an English word of five letters or more is read as the one table word it is a slip from', async (t) => {
  const umbrella = matcher.read('umbrela')
  t.same(
    umbrella.words.map((w) => [w.typed, w.via, w.forms[0]]),
    [['umbrela', 'english', '우산']],
  )
  t.ok(umbrella.products.length > 0 && umbrella.products.every((p) => p.name.includes('우산')))
  t.equal(matcher.read('batery').words[0]?.forms[0], '건전지', 'a letter left out')
  t.equal(matcher.read('sicssors').words[0]?.via, 'english', 'two letters swapped')
  t.equal(upstreamReading('umbrela'), '우산', 'the upstream path reads it too')
  t.equal(matcher.read('mugs').words[0]?.via, 'english', 'four letters: read only as typed or singular')
  // A word some name carries as typed is not a slip, even one letter from a table word (globe, glove: 장갑).
  const base = catalogue[0]
  if (!base) throw new Error('the simulator has products')
  const globes = new ProductMatcher([...catalogue, { ...base, productId: '9999001', name: 'Globe 무드등' }])
  t.equal(englishSlip('globe'), 'glove', 'precondition: globe is one slip from glove')
  t.same(
    globes.read('globe').words.map((w) => [w.via, w.forms[0]]),
    [['typed', 'globe']],
  )
  t.equal(matcher.read('globe').words[0]?.forms[0], '장갑', 'where no name has it, it is read as the slip')
})

t.test('a Japanese or English word no table reads is left out as unread, not as a thing nobody sells', async (t) => {
  // 子供 (child) is in no table: 子供の傘 cannot be read whole, so it is one unread word.
  const child = matcher.read('子供の傘')
  t.same(child.products, [])
  t.same(
    child.words.map((w) => w.via),
    ['typed'],
  )
  // 鎮痛剤 is a painkiller: read, and the chain sells none (진통제), so it is known to name nothing.
  const painkiller = matcher.read('鎮痛剤')
  t.same(painkiller.products, [])
  t.same(
    painkiller.words.map((w) => w.via),
    ['japanese'],
  )
  t.equal(matcher.read('painkiller').words[0]?.via, 'english')
})

t.test('a one-key slip in a word of three or more syllables is corrected against the index, and said', async (t) => {
  const reading = matcher.read('수넙함')
  t.equal(reading.words[0]?.via, 'typo')
  t.equal(reading.words[0]?.forms[0], '수납함')
  t.ok(reading.products[0]?.name.includes('수납함'))
  t.equal(matcher.read('우선').products.length, 0, 'two syllables are not corrected: 우선 is a word of its own')
  t.same(names('에어캡'), [], '에어캡 (bubble wrap, a table word) is a word of its own, not a slip of 헤어캡')
  t.same(
    matcher.read('우삳').suggestions,
    [{ typed: '우삳', words: ['우산'] }],
    'but one key from an index word, it is suggested (ㄷ beside ㄴ)',
  )
  t.same(matcher.read('우선').suggestions[0]?.words, ['우산', '유선'], '우선: 우산 (ㅓ beside ㅏ) and 유선, most products first')
  t.same(matcher.read('우산').suggestions, [], 'a word names have is never suggested another')
  t.same(matcher.read('양산').suggestions, [], 'two keys from 우산 is no slip')
  t.same(matcher.read('티슝').suggestions[0]?.words, ['티슈'], 'a final consonant pressed too many is one key too (티슝: 티슈)')
  t.same(matcher.read('우사').suggestions[0]?.words, ['우산'], 'and one left off (우사: 우산)')
  const umbrella = new SlipVocabulary([['우산']])
  t.same(umbrella.suggest('우삭'), [], 'another final far from it is no slip (ㄱ is not beside ㄴ)')
  t.same(umbrella.suggest('우사'), ['우산'], 'a final left off, over a vocabulary of one word')
  // 장갑 is a word of no name, only of compounds (고무장갑, 주방장갑), which the index finds it inside.
  t.same(matcher.read('장걉').suggestions, [{ typed: '장걉', words: ['장갑'] }], 'a word names carry inside compounds is suggested too')
  t.ok(matcher.read('장갑').products.length > 0, 'and searched, it finds them')
  const pieces = (...words: string[]) => new SlipVocabulary(words.map((word) => [word])).suggest('지퉁')
  t.same(pieces('휴지통', '물티슈'), [], 'a piece of one word only (지통 of 휴지통) is no word: it is not suggested')
  t.same(pieces('휴지통', '대형지통'), ['지통'], 'one that two words end with is')
  t.equal(matcher.read('dntks').words[0]?.via, 'keyboard', 'Korean typed on an English layout (dntks = 우산)')
})

t.test('a Korean particle glued to a product word is read off, and said; never when the word is a name of its own', async (t) => {
  for (const [typed, word] of [
    ['우산을', '우산'],
    ['건전지가', '건전지'],
    ['텀블러는', '텀블러'],
    ['물티슈도요', '물티슈'],
    ['수세미랑', '수세미'],
    ['컵이랑', '컵'],
    ['우산요', '우산'],
  ] as const) {
    const reading = matcher.read(typed)
    t.equal(reading.words[0]?.via, 'particle', `${typed}: read through its particle`)
    t.equal(reading.words[0]?.forms[0], word, `${typed}: as ${word}`)
    t.ok(reading.products.length > 0, `${typed}: finds products`)
    t.same(reading.ignored, [], `${typed}: nothing left out`)
  }
  t.equal(matcher.read('고양이').words[0]?.via, 'typed', '고양이 is a word of product names: its 이 stays')
  t.equal(matcher.read('종이').words[0]?.via, 'typed', '종이 too')
  t.same(particleStems('사과를'), ['사과'], '사과를 is 사과 + 를, whose 과 is not read as a particle too')
  t.same(matcher.read('우산을 건전지를').ignored, ['우산을'], 'two words, each read, no product has both: the first is left out')
  t.same(particleStems('사과'), [], '과 follows a closing consonant: 사과 is not 사 + 과')
  t.same(particleStems('우산이랑'), ['우산', '우산이'], 'longest particle first; the matcher keeps the first some name has')
  t.same(particleStems('umbrella'), [])
  t.equal(upstreamReading('우산을'), '우산', 'the upstream path reads the particle off a word of two syllables or more')
  t.equal(upstreamReading('컵을'), '컵을', 'but not off one syllable, where it cannot check the word')
})

t.test('a count or a size is left out before the thing it measures', async (t) => {
  const tumbler = matcher.read('텀블러 500ml')
  t.same(tumbler.ignored, ['500ml'], 'no tumbler holds 500 ml here: the size goes, not the tumbler')
  t.ok(tumbler.products.every((p) => p.name.includes('텀블러')))
  t.same(matcher.read('물티슈 30매').ignored, [], 'a size some product has is kept')
  t.equal(matcher.read('우산좀').words[0]?.forms[0], '우산', 'a softener glued on in quick typing (좀) comes off too')
  const gloves = matcher.read('고무장갑 대형')
  t.same(gloves.ignored, ['대형'], 'a describing word after the thing goes before the thing: rubber gloves, not large vacuum bags')
  t.ok(gloves.products.length > 0 && gloves.products.every((p) => p.name.includes('고무장갑')))
  t.same(matcher.read('대형 고무장갑').ignored, ['대형'], 'as it does in front')
})

t.test('a thing the chain does not sell matches nothing, nor any variant', async (t) => {
  const reading = matcher.read('진통제')
  t.same(reading.products, [])
  t.same(reading.ignored, ['진통제'])
  t.same(reading.queries, ['진통제'])
})

t.test('upstream queries: the keyword as typed, then as read, at most three', async (t) => {
  t.same(matcher.read('umbrella').queries, ['umbrella', '우산'])
  t.ok(matcher.read('선물 포장지 세트 리본').queries.length <= 3)
  t.equal(upstreamReading('AA batteries'), '건전지 AA')
  t.equal(upstreamReading('우산'), '우산')
})

t.test('a shopping list is split on commas, not spaces', async (t) => {
  t.same(splitShoppingList('건전지, 멀티탭'), ['건전지', '멀티탭'])
  t.same(splitShoppingList('AA batteries、power strip; 우산'), ['AA batteries', 'power strip', '우산'])
  t.same(splitShoppingList('캠핑 의자'), ['캠핑 의자'])
  // As people write lists: "and" between English items (their article dropped), と or や between Japanese ones.
  t.same(splitShoppingList('AA batteries and a power strip'), ['AA batteries', 'power strip'])
  t.same(splitShoppingList('umbrella & an eraser'), ['umbrella', 'eraser'])
  t.same(splitShoppingList('傘と電池'), ['傘', '電池'])
  t.same(splitShoppingList('歯ブラシや靴下'), ['歯ブラシ', '靴下'])
  t.same(splitShoppingList('ときめき'), ['ときめき'], 'と inside a word the table does not read stays whole')
  t.same(splitShoppingList('캠핑 의자 and 우산'), ['캠핑 의자', '우산'])
  // The Korean way: a joining particle glued on (이랑, 랑, 하고, 와, 과, 이나), or 그리고, 및, 또는 between items.
  t.same(splitShoppingList('우산이랑 건전지'), ['우산', '건전지'])
  t.same(splitShoppingList('수세미랑 고무장갑'), ['수세미', '고무장갑'])
  t.same(splitShoppingList('컵하고 접시'), ['컵', '접시'])
  t.same(splitShoppingList('우산과 건전지 있어요?'), ['우산', '건전지 있어요?'])
  t.same(splitShoppingList('수세미와 고무장갑'), ['수세미', '고무장갑'])
  t.same(splitShoppingList('우산 그리고 건전지'), ['우산', '건전지'])
  t.same(splitShoppingList('우산 및 건전지'), ['우산', '건전지'])
  t.same(splitShoppingList('노랑 우산'), ['노랑 우산'], '노랑 is a colour, not 노 + 랑')
  t.same(splitShoppingList('사과 주스'), ['사과 주스'], '과 follows a closing consonant')
  t.same(splitShoppingList('약과 세트'), ['약과 세트'], 'a one-syllable word keeps a one-syllable joiner')
  t.same(splitShoppingList('우산이랑'), ['우산이랑'], 'a joiner on the last word joins nothing')
})

t.test('the matcher is built once per list', async (t) => {
  t.equal(productMatcher(catalogue), productMatcher(catalogue))
  t.not(productMatcher(catalogue), productMatcher([...catalogue]))
})

t.test('words that only describe (휴대용, mini, black) beside a thing no product is list nothing, and are not asked alone', async (t) => {
  for (const keyword of ['휴대용 선풍기', '미니 선풍기', 'portable fan', '종이 부채']) {
    const reading = matcher.read(keyword)
    t.same(reading.products, [], `${keyword}: nothing listed for the describing word alone`)
    t.equal(reading.describing.length, 1, `${keyword}: the describing word is named`)
    t.equal(reading.unknown.length, 1, `${keyword}: and the missing thing`)
    t.notOk(
      reading.queries.some((q) => ['휴대용', '미니', '종이'].includes(q)),
      `${keyword}: the upstream is not asked for the describing word alone`,
    )
  }
  t.same(matcher.read('휴대용 선풍기').queries, ['휴대용 선풍기', '선풍기'])
  // No table calls usb or 캠핑 describing, but when the thing (the last word) is missing, a word in front that
  // is the last word of no name only says which one: USB cables and camping chairs are not fans.
  for (const keyword of ['usb 선풍기', '캠핑 선풍기']) {
    const reading = matcher.read(keyword)
    t.same(reading.products, [], `${keyword}: nothing listed`)
    t.same(reading.queries, [keyword, '선풍기'], `${keyword}: the upstream is not asked for the word in front alone`)
  }
  t.ok(matcher.read('우산 선풍기').products.length > 0, '우산 is a thing of its own: umbrellas listed, 선풍기 left out')
  t.ok(matcher.read('3단 우삳').products.length > 0, 'a missing last word one key from a word is a slip, not a missing thing')
  t.same(matcher.read('선물 포장지').describing, [], '선물 names a thing: left out as before, 포장지 listed')
  t.ok(matcher.read('물티슈 대용량').products.length > 0, 'a describing word beside a thing that is there changes nothing')
  const black = matcher.read('black umbrella')
  t.same(black.ignored, [], 'English colours are read: black is 블랙')
  t.ok(black.products.every((p) => p.name.includes('블랙')) && black.products.length > 0)
})

t.test('a compound no name has is read as its parts, the thing last (박스테이프: 박스 + 테이프; 물컵: 컵)', async (t) => {
  const tape = matcher.read('박스테이프')
  t.same(
    tape.words.map((w) => [w.typed, w.compound]),
    [
      ['박스', '박스테이프'],
      ['테이프', '박스테이프'],
    ],
  )
  t.same(tape.ignored, ['박스'], 'no product is both: the front is left out and named')
  t.ok(tape.products.length > 0 && tape.products.every((p) => p.name.includes('테이프')), 'products with the thing asked for')
  t.ok(tape.unknown.includes('박스테이프'), 'the compound as typed is still asked of the upstream (a newer product may have it)')
  t.equal(tape.queries[0], '박스테이프')
  t.notOk(tape.asList, 'one word typed is one thing, not a list')

  const cup = matcher.read('물컵')
  t.ok(cup.products.length > 0 && cup.products.every((p) => p.name.includes('컵')), '물컵: cups (머그컵, 종이컵)')
  t.notOk(cup.asList)
  const charger = matcher.read('c타입충전기')
  t.same(charger.ignored, ['c타입'], 'c타입충전기: c타입 + 충전기, the letters kept with their word')
  t.ok(charger.products.length > 0 && charger.products.every((p) => p.name.includes('충전기')))

  t.same(names('에어캡'), [], '에어캡 is a word of our tables, not 에어 + 캡')
  t.same(names('우선'), [], '우선 is one key from 우산: suggested, not split into 우 + 선')
  t.same(
    matcher.read('휴지통').words[0]?.forms,
    [],
    '휴지통: no name ends in 지통, and one syllable (통) at the end of a longer word is too little',
  )
  const pocket = matcher.read('휴대용티슈')
  t.same(
    pocket.words.map((w) => w.typed),
    ['휴대용', '티슈'],
    '휴대용티슈: a front that is a word wins over a longer ending (not 휴대 + 용티슈, the end of 미용티슈)',
  )
  t.same(names('휴대용티슈'), names('휴대용 티슈'), 'the same answer as typed with a space')
  const endings = new CompoundEndings(['미용티슈', '티슈', '각티슈'])
  t.same(
    endings.split('휴대용티슈', (front) => ['휴대', '휴대용'].includes(front)),
    ['휴대용', '티슈'],
    'the longest front that is a word',
  )
  t.same(endings.split('휴대용티슈'), ['휴대', '용티슈'], 'with no front a word, the longest ending, as before')
  const stand = matcher.read('우산꽂이')
  t.same(stand.products, [], '우산꽂이: its front is a thing, so neither 칫솔꽂이 nor umbrellas are the answer')
  t.same(stand.queries, ['우산꽂이', '우산 꽂이'], 'and no part is asked upstream alone (우산 would answer umbrellas)')
  t.same(names('물감'), [], '물감 is not 물 + 감: one syllable ends a compound only when three head words end in it (컵), not one (장난감)')
  t.same(matcher.read('캠핑의자').words.length, 1, 'a word names have (glued or spaced) is never split')
  const rolls = names('두루마리휴지')
  t.ok(rolls.length > 0 && rolls.every((name) => name.includes('두루마리 화장지')), '두루마리 + 휴지, whose synonym 화장지 ends names')
  t.same(
    matcher.read('3구 멀티탭').words.map((w) => w.typed),
    ['3구', '멀티탭'],
    'a count or a size is a measure, not a compound (not 3 + 구)',
  )
  t.same(
    matcher.read('멀티탭3구').words.map((w) => w.typed),
    ['멀티탭', '3구'],
    'a count glued after the thing is a word of its own',
  )
  t.same(names('멀티탭3구'), names('3구 멀티탭'))
  const towels = names('키친 타월')
  t.ok(towels.length > 0 && towels.every((name) => name.includes('키친타올')), '키친 타월: the words joined, read through their synonym')
})

t.test('a word that names the thing lists first: batteries before battery cases, pots before pot saucers', async (t) => {
  // Among names with the word as a word of their own: those it is the head of (the last word), then the rest.
  const headsFirst = (word: string) => {
    const listed = matcher.read(word).products.filter((p) => tokensOf(p.name).includes(word))
    const isHead = listed.map((p) => headOf(p.name) === word)
    t.ok(isHead.includes(true) && isHead.includes(false), `${word}: both kinds are listed`)
    t.equal(isHead.lastIndexOf(true), isHead.indexOf(false) - 1, `${word}: every one it names before any it only describes`)
  }
  headsFirst('건전지') // 건전지 보관케이스, 건전지 충전기
  headsFirst('화분') // 화분 받침
  headsFirst('물티슈') // 물티슈 케이스
  t.same(names('캠핑의자'), names('캠핑 의자'), 'the same order glued or spaced')
  const tape = names('테이프')
  const cleaner = tape.findIndex((name) => name.includes('클리너'))
  t.ok(cleaner > 0, 'tapes first')
  t.ok(
    tape.slice(0, cleaner).every((name) => headOf(name).endsWith('테이프')),
    'a tape (마스킹테이프, 양면테이프) before a whole 테이프 that only says which cleaner',
  )
  const cases = matcher.read('건전지 케이스')
  t.same(cases.ignored, [], '건전지 케이스: 건전지 보관케이스 ends in the thing, so 건전지 is kept')
  t.ok(cases.products.length > 0 && cases.products.every((p) => p.name.includes('건전지 보관케이스')))
  t.ok(
    names('휴대용 티슈', 5).every((name) => !name.includes('물티슈')),
    'while 물티슈, a word of our tables, is a thing of its own',
  )
  t.ok(
    names('battery cases').every((name) => name.includes('보관케이스')),
    'battery cases: cases, not a slip of vases',
  )
})

t.test('a word of letters and Hangul no name has, whose front names have, is not "not sold"', async (t) => {
  const reading = matcher.read('c타입잭')
  t.same(reading.products, [])
  t.same(reading.knownFronts, ['c타입'], 'names spell it so (USB C타입 충전 케이블)')
  t.same(matcher.read('휴지통').knownFronts, [], 'Hangul alone: 휴지 says nothing about bins')
})
