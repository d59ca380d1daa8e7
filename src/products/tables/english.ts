// Source: compiled by the store-finder project from general knowledge of English and Korean shop
// vocabulary (no dictionary or word list was copied). Japanese words are read through this table
// (./japanese.ts, generated from EDICT); no Chinese words: none could be sourced under a licence we could
// check from this machine. Licence: CC0-1.0 (public-domain
// dedication), also usable under the project's MIT licence. Date: 2026-11-27 (colours, sizes and uses added). Rebuild: none; this file
// is the source (edit it by hand; `test/products/tables.test.ts` checks its shape and size).
//
// One entry a line: an English word or phrase (singular, lower case; plurals are read by the matcher:
// batteries → battery), then the Korean words a Daiso product name uses for it, separated by `/`. A
// phrase (phone charger) is read before its words, so it may name something its words do not.

export const ENGLISH_TABLE_SOURCE = { compiledBy: 'store-finder project', licence: 'CC0-1.0', date: '2026-11-27' } as const

const TABLE = `
umbrella: 우산
folding umbrella: 3단 우산/접이식 우산
parasol: 양산
raincoat: 우비/레인코트
battery: 건전지/배터리
aa battery: 건전지 AA
aaa battery: 건전지 AAA
coin battery: 코인 건전지
button battery: 코인 건전지
rechargeable battery: 충전식 건전지
power bank: 보조배터리
portable charger: 보조배터리
charger: 충전기
phone charger: 충전기/충전 케이블
fast charger: 고속 충전기
charging cable: 충전 케이블
cable: 케이블
usb cable: USB 케이블
case: 케이스/보관케이스
battery case: 건전지 보관케이스
power strip: 멀티탭
extension cord: 멀티탭
multi tap: 멀티탭
outlet: 멀티탭/콘센트
plug: 플러그/콘센트
adapter: 어댑터
light bulb: 전구
bulb: 전구
lamp: 램프/무드등
mood light: 무드등
night light: 무드등/수면등
fairy light: 꼬마전구
string light: 꼬마전구
led: LED
earphone: 이어폰
headphone: 헤드폰/이어폰
phone stand: 휴대폰 거치대
phone holder: 휴대폰 거치대
stand: 거치대
phone case: 휴대폰 케이스
tissue: 티슈/화장지
pocket tissue: 휴대용 티슈
facial tissue: 미용티슈/각티슈
tissue box: 각티슈
toilet paper: 두루마리 화장지/화장지
toilet roll: 두루마리 화장지
paper towel: 키친타올
kitchen towel: 키친타올
wet wipe: 물티슈
wet tissue: 물티슈
baby wipe: 아기 물티슈
wipe: 물티슈
napkin: 냅킨
towel: 수건/타월
hand towel: 수건
bath towel: 수건
toothbrush: 칫솔
toothpaste: 치약
dental floss: 치실
floss: 치실
razor: 면도기
shaver: 면도기
soap: 비누
soap dish: 비누받침
dish soap: 주방세제
dishwashing liquid: 주방세제
washing up liquid: 주방세제
detergent: 세제
laundry detergent: 세탁세제
shampoo: 샴푸
shampoo dispenser: 샴푸 디스펜서
dispenser: 디스펜서
shower head: 샤워기 헤드
shower ball: 샤워볼
shower cap: 헤어캡
bath mat: 발매트
mat: 매트
slipper: 슬리퍼/욕실화
bathroom slipper: 욕실화
toilet cover: 변기 커버
drain: 배수구
drain cleaner: 배수구 클리너
sponge: 스펀지/수세미
scrubber: 수세미
scrub towel: 때타월
loofah: 샤워볼
dish sponge: 수세미
rubber glove: 고무장갑
glove: 장갑
kitchen glove: 고무장갑/주방장갑
oven mitt: 주방장갑
container: 밀폐용기/용기
food container: 밀폐용기
lunch box: 도시락통
lunchbox: 도시락통
cutting board: 도마
chopping board: 도마
ladle: 국자
spatula: 뒤집개
turner: 뒤집개
tongs: 집게
zip bag: 지퍼백
ziploc: 지퍼백
zipper bag: 지퍼백
plastic bag: 위생백/비닐
sandwich bag: 지퍼백
zip lock bag: 지퍼백
ziplock bag: 지퍼백
ziplock: 지퍼백
freezer bag: 지퍼백
plastic wrap: 랩
cling film: 랩
wrap: 랩
mug: 머그컵
cup: 컵
glass: 유리컵
tumbler: 텀블러
water bottle: 물병
bottle: 물병/보틀
measuring cup: 계량컵
colander: 채반
strainer: 채반/거름망
pot holder: 냄비받침
trivet: 냄비받침
spoon: 수저/스푼
chopstick: 젓가락/수저
cutlery: 수저세트
fork: 포크
plastic fork: 일회용 포크
spice jar: 양념통
seasoning container: 양념통
dish cloth: 행주
dishcloth: 행주
dish rack: 설거지 바구니
bottle opener: 병따개
corkscrew: 와인오프너
wine opener: 와인오프너
kettle: 주전자
pan: 프라이팬
knife: 칼
scissors: 가위
kitchen scissors: 주방가위
peeler: 필러
grater: 강판
whisk: 거품기
apron: 앞치마
trash bag: 쓰레기봉투
garbage bag: 쓰레기봉투
bin bag: 쓰레기봉투
trash can: 쓰레기통/분리수거함
recycling bin: 분리수거함
mop: 밀대/걸레
mop pad: 청소포
floor wipe: 청소포
duster: 먼지떨이
lint roller: 테이프 클리너/먼지 제거 롤러
rag: 걸레
cleaning cloth: 걸레/극세사
glass cleaner: 유리세정제
window cleaner: 유리세정제
mold remover: 곰팡이 제거제
mould remover: 곰팡이 제거제
laundry net: 세탁망
laundry bag: 세탁망
clothespin: 빨래집게
clothes peg: 빨래집게
peg: 빨래집게
squeegee: 스퀴지
magic eraser: 매직블럭
melamine sponge: 매직블럭
brush: 솔/브러시
cleaning brush: 청소솔
broom: 빗자루
dustpan: 쓰레받기
storage box: 수납함/수납박스
box: 박스/상자
storage: 수납
organizer: 정리함
organiser: 정리함
drawer organizer: 서랍정리함
basket: 바구니
storage basket: 수납바구니
shelf: 선반
rack: 선반/거치대
hanger: 옷걸이
coat hanger: 옷걸이
pants hanger: 바지걸이
trouser hanger: 바지걸이
hook: 훅/후크
door hook: 문걸이 수납훅
vacuum bag: 압축팩
compression bag: 압축팩
shoe rack: 신발 정리대
shoe organizer: 신발 정리대
cable organizer: 케이블 정리함
stool: 스툴
pouch: 파우치
travel pouch: 여행용 파우치
cosmetic pouch: 파우치
makeup bag: 파우치
pen: 볼펜/펜
ballpoint pen: 볼펜
gel pen: 젤펜
highlighter: 형광펜
marker: 네임펜/마커
sharpie: 네임펜
felt pen: 사인펜
colored pencil: 색연필
coloured pencil: 색연필
colour pencil: 색연필
color pencil: 색연필
crayon: 크레파스/크레용
pencil: 연필
eraser: 지우개
rubber: 지우개
notebook: 노트
spring notebook: 스프링노트
note: 노트
notepad: 메모지
memo pad: 메모지/점착메모지
sticky note: 점착메모지/포스트잇
post it: 점착메모지/포스트잇
masking tape: 마스킹테이프
tape: 테이프
scotch tape: 테이프
glue: 딱풀/풀
glue stick: 딱풀
super glue: 순간접착제
glue gun: 글루건
file: 파일
clear file: 클리어파일
folder: 파일
stapler: 스테이플러
pencil case: 필통
diary: 다이어리
planner: 다이어리
sticker: 스티커
correction tape: 수정테이프
ruler: 자
envelope: 봉투
calculator: 계산기
serum: 세럼/앰플
ampoule: 앰플
essence: 에센스
toner: 토너
moisturizer: 수분크림
moisturiser: 수분크림
cream: 크림
face mask: 마스크팩
sheet mask: 마스크팩
mask pack: 마스크팩
mask: 마스크
sleep mask: 수면안대/안대
eye mask: 수면안대/안대
sleeping mask: 수면안대/안대
cleansing foam: 클렌징폼
face wash: 클렌징폼
cleanser: 클렌징
cleansing water: 클렌징 워터
micellar water: 클렌징 워터
lip balm: 립밤
chapstick: 립밤
hand cream: 핸드크림
sunscreen: 선크림
sunblock: 선크림
sun cream: 선크림
cotton pad: 화장솜
cotton: 화장솜
makeup sponge: 메이크업 스펀지
beauty blender: 메이크업 스펀지
makeup brush: 메이크업 브러시
nail clipper: 손톱깎이
hair band: 헤어밴드
headband: 헤어밴드
hair tie: 머리끈
scrunchie: 곱창밴드/머리끈
hair clip: 집게핀/헤어핀
hairpin: 헤어핀
comb: 빗
hairbrush: 빗
eye patch: 아이패치
mist: 미스트
face mist: 미스트
mirror: 거울
photo frame: 액자
picture frame: 액자
frame: 액자
cushion cover: 쿠션커버
cushion: 쿠션/방석
artificial flower: 조화
fake plant: 인조 식물/조화
artificial plant: 인조 식물
rug: 러그
carpet: 러그
curtain: 커튼
blackout curtain: 암막 커튼
clock: 시계
wall clock: 벽시계
candle: 캔들/초
birthday candle: 생일초
diffuser: 디퓨저
poster: 포스터
vase: 화병
doorbell: 도어벨
flower pot: 화분
plant pot: 화분
pot: 화분/냄비
planter: 화분/플랜터
hanging planter: 행잉 플랜터
spray bottle: 분무기
sprayer: 분무기
potting soil: 분갈이흙
soil: 흙
trowel: 모종삽
shovel: 삽
fertilizer: 영양제
plant food: 식물 영양제
seed: 씨앗
tomato seed: 방울토마토 씨앗
succulent pot: 다육이 화분
pruning shears: 원예 가위
pee pad: 배변패드
puppy pad: 배변패드
dog: 강아지
cat: 고양이
pet: 반려동물
dog toy: 강아지 장난감
cat toy: 고양이 장난감
toy: 장난감
treat: 간식
dog treat: 강아지 간식
snack: 간식/과자
leash: 리드줄
harness: 하네스
poop bag: 배변봉투
scratcher: 스크래쳐
pet bowl: 식기
bowl: 그릇/볼/식기
screwdriver: 드라이버
tape measure: 줄자
measuring tape: 줄자
hammer: 망치
cable tie: 케이블타이
zip tie: 케이블타이
electrical tape: 절연테이프
insulating tape: 절연테이프
double sided tape: 양면테이프
nail: 못
pin: 핀
push pin: 압정/꼭꼬핀
pliers: 플라이어
cutter: 커터칼
box cutter: 커터칼
utility knife: 커터칼
allen key: 육각렌치
hex key: 육각렌치
level: 수평계
balloon: 풍선
foil balloon: 은박 풍선
garland: 가랜드
banner: 가랜드
party hat: 파티모자
wrapping paper: 포장지
gift wrap: 포장지
gift box: 선물상자
ribbon: 리본
shopping bag: 쇼핑백
paper bag: 쇼핑백
gift bag: 쇼핑백
paper cup: 종이컵
paper plate: 종이접시
cake topper: 케이크 토퍼
cookie: 쿠키
chocolate: 초코
jelly: 젤리
gummy: 젤리
candy: 사탕
instant noodle: 컵라면
cup noodle: 컵라면
ramen: 라면
coffee: 커피
instant coffee: 커피믹스
tea: 차/티백
tea bag: 티백
coffee filter: 커피필터/여과지
barley tea: 보리차
corn tea: 옥수수차
nut: 견과
mixed nut: 하루견과
energy bar: 에너지바
water: 생수
chip: 감자칩
crisp: 감자칩
potato chip: 감자칩
neck pillow: 목베개
travel pillow: 목베개
pillow: 베개
painkiller: 진통제
pain reliever: 진통제
analgesic: 진통제
aspirin: 아스피린
cold medicine: 감기약
travel bottle: 여행용 공병
luggage tag: 네임택
name tag: 네임택
yoga mat: 요가매트
dumbbell: 덤벨
camping chair: 캠핑 의자
folding chair: 접이식 의자
chair: 의자
arm sleeve: 쿨토시
sock: 양말
underwear: 속옷
slipper sock: 덧신
blanket: 담요
hot pack: 핫팩
hand warmer: 핫팩
fan: 선풍기/부채
hand fan: 부채
sunglasses: 선글라스
glasses cleaner: 안경닦이
thermometer: 온도계
bag: 가방/봉투
tote bag: 에코백
eco bag: 에코백
wallet: 지갑
keyring: 키링
key chain: 키링
hand sanitizer: 손소독
sanitizer: 손소독
disinfectant: 소독
first aid: 구급
band aid: 밴드
plaster: 밴드
cotton swab: 면봉
q tip: 면봉
tweezers: 족집게
magnifying glass: 돋보기
flashlight: 손전등/랜턴
torch: 손전등/랜턴
lantern: 랜턴
timer: 타이머
alarm clock: 알람시계
portable: 휴대용
mini: 미니
small: 소형/미니
large: 대형/대용량
big: 대형/빅사이즈
foldable: 접이식
folding: 접이식
disposable: 일회용
wireless: 무선
rechargeable: 충전식
waterproof: 방수
transparent: 투명
kids: 아동용/어린이
travel: 여행용
black: 블랙/검정
white: 화이트/흰색
gray: 그레이/회색
grey: 그레이/회색
beige: 베이지
navy: 네이비/남색
pink: 핑크/분홍
mint: 민트
yellow: 옐로우/노랑
brown: 브라운/갈색
ivory: 아이보리
purple: 퍼플/보라
red: 레드/빨강
blue: 블루/파랑
green: 그린/초록
orange: 오렌지/주황
gold: 골드/금색
silver: 실버/은색
stainless: 스텐/스테인리스
silicone: 실리콘
wooden: 나무/원목
plastic: 플라스틱
`

/** English word or phrase → Korean words it is read as (each may hold a space: spacing does not matter). */
export const ENGLISH_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  TABLE.trim()
    .split('\n')
    .map((line) => {
      const [english = '', korean = ''] = line.split(':')
      return [english.trim(), korean.split('/').map((word) => word.trim())] as const
    }),
)
