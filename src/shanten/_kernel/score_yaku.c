/*
 * The value of one reading of a win, as the reference scorer counts it
 * (shanten._native.scoring: yaku.py, yakuman.py, fu.py, points.py): its yakuman if it has
 * any, else its yaku and the dora; its fu and the parts they come from; its points.
 */
#include "score.h"

typedef struct {
    int n;
    uint8_t kind[4], tile[4], concealed[4];
} Sets;

static int
outside(int tile)
{
    return tile >= 27 || tile % 9 == 0 || tile % 9 == 8;
}

static int
valued(const SWin *w, int tile)
{
    return tile >= 31 || tile == w->seat || tile == w->round;
}

/* The sets of a reading: its concealed sets, then the melds. A triplet that a discard
 * completed counts as called. */
static void
sets_of(const SWin *w, const SReading *r, Sets *s)
{
    s->n = 0;
    if (r->form != F_STANDARD)
        return;
    for (int i = 0; i < r->nblocks; i++)
        if (r->kind[i] != B_PAIR) {
            s->kind[s->n] = r->kind[i];
            s->tile[s->n] = r->tile[i];
            s->concealed[s->n] =
                !(r->kind[i] == B_TRIPLET && i == r->index && !(w->flags & WF_TSUMO));
            s->n++;
        }
    for (int i = 0; i < w->nmelds; i++) {
        s->kind[s->n] = w->meld_kind[i];
        s->tile[s->n] = w->meld_tile[i];
        s->concealed[s->n] = w->meld_concealed[i];
        s->n++;
    }
}

/* The facts of a reading the yaku read. */
typedef struct {
    int pair; /* -1: none */
    int runs, triplets, concealed_triplets, quads;
    uint8_t run_count[NUM_TILES];
    uint8_t triplet[NUM_TILES];
    int suits, honours, all_outside, all_honours, all_terminals, all_green;
} Facts;

static void
facts_of(const SWin *w, const SReading *r, const Sets *s, Facts *f)
{
    memset(f, 0, sizeof *f);
    f->pair = -1;
    if (r->form == F_STANDARD)
        for (int i = 0; i < r->nblocks; i++)
            if (r->kind[i] == B_PAIR)
                f->pair = r->tile[i];
    for (int i = 0; i < s->n; i++) {
        if (s->kind[i] == B_RUN) {
            f->runs++;
            f->run_count[s->tile[i]]++;
        }
        else {
            f->triplets++;
            f->triplet[s->tile[i]] = 1;
            f->concealed_triplets += s->concealed[i];
            f->quads += s->kind[i] == B_QUAD;
        }
    }
    f->all_outside = f->all_honours = f->all_terminals = f->all_green = 1;
    for (int t = 0; t < NUM_TILES; t++) {
        if (!w->all[t])
            continue;
        if (t < 27)
            f->suits |= 1 << (t / 9);
        else
            f->honours = 1;
        f->all_outside &= outside(t);
        f->all_honours &= t >= 27;
        f->all_terminals &= t < 27 && outside(t);
        f->all_green &= t == 19 || t == 20 || t == 21 || t == 23 || t == 25 || t == 32;
    }
}

static int
one_suit(int suits)
{
    return suits == 1 || suits == 2 || suits == 4;
}

static void
add(SValue *v, int key, int han)
{
    v->yaku[v->nyaku] = (uint8_t)key;
    v->han[v->nyaku] = (uint8_t)han;
    v->nyaku++;
}

static int
doubled(const SWin *w, int flag)
{
    return w->rules & flag ? 2 : 1;
}

/* The yakuman of a reading (yakuman.py), in the order of YAKU. */
static void
yakuman_of(const SWin *w, const SReading *r, const Facts *f, SValue *v)
{
    int ankou4 = f->concealed_triplets == 4, tanki = r->shape == W_TANKI;
    int winds = 0;
    for (int t = 27; t < 31; t++)
        winds += f->triplet[t];
    if (w->flags & WF_FIRST_DRAW)
        add(v, w->dealer ? SY_TENHOU : SY_CHIIHOU, 1);
    if (f->triplet[31] && f->triplet[32] && f->triplet[33])
        add(v, SY_DAISANGEN, 1);
    if (ankou4 && !tanki)
        add(v, SY_SUUANKOU, 1);
    if (ankou4 && tanki)
        add(v, SY_SUUANKOU_TANKI, doubled(w, RF_DOUBLE_SUUANKOU_TANKI));
    if (f->all_honours)
        add(v, SY_TSUUIISOU, 1);
    if (f->all_green)
        add(v, SY_RYUUIISOU, 1);
    if (f->all_terminals)
        add(v, SY_CHINROUTOU, 1);
    if (w->nmelds == 0 && one_suit(f->suits) && !f->honours) {
        static const uint8_t needed[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
        int base = f->suits == 1 ? 0 : f->suits == 2 ? 9 : 18, gates = 1;
        for (int i = 0; i < 9; i++)
            gates &= w->all[base + i] >= needed[i];
        if (gates) {
            int extra = w->all[w->win] - needed[w->win % 9];
            if (extra == 0)
                add(v, SY_CHUUREN, 1);
            else if (extra == 1)
                add(v, SY_JUNSEI_CHUUREN, doubled(w, RF_DOUBLE_JUNSEI));
        }
    }
    if (r->form == F_KOKUSHI && r->shape != W_KOKUSHI13)
        add(v, SY_KOKUSHI, 1);
    if (r->shape == W_KOKUSHI13)
        add(v, SY_KOKUSHI_13, doubled(w, RF_DOUBLE_KOKUSHI_13));
    if (winds == 4)
        add(v, SY_DAISUUSHII, doubled(w, RF_DOUBLE_DAISUUSHII));
    if (winds == 3 && f->pair >= 27 && f->pair < 31)
        add(v, SY_SHOUSUUSHII, 1);
    if (f->quads == 4)
        add(v, SY_SUUKANTSU, 1);
}

static int
is_pinfu(const SWin *w, const SReading *r, const Facts *f)
{
    return w->closed && r->form == F_STANDARD && f->runs == 4 && f->pair >= 0 &&
           !valued(w, f->pair) && r->shape == W_RYANMEN;
}

/* The yaku of a reading (yaku.py), in the order of YAKU. */
static void
yaku_of(const SWin *w, const SReading *r, const Sets *s, const Facts *f, SValue *v)
{
    int fl = w->flags, closed = w->closed, tsumo = fl & WF_TSUMO;
    int standard = r->form == F_STANDARD;
    if (closed && tsumo)
        add(v, SY_MENZEN_TSUMO, 1);
    if ((fl & WF_RIICHI) && !(fl & WF_DOUBLE_RIICHI))
        add(v, SY_RIICHI, 1);
    if (fl & WF_IPPATSU)
        add(v, SY_IPPATSU, 1);
    if (fl & WF_CHANKAN)
        add(v, SY_CHANKAN, 1);
    if (fl & WF_RINSHAN)
        add(v, SY_RINSHAN, 1);
    if ((fl & WF_LAST_TILE) && tsumo)
        add(v, SY_HAITEI, 1);
    if ((fl & WF_LAST_TILE) && !tsumo)
        add(v, SY_HOUTEI, 1);
    if (is_pinfu(w, r, f))
        add(v, SY_PINFU, 1);
    int simples = 1;
    for (int t = 0; t < NUM_TILES; t++)
        if (w->all[t] && outside(t))
            simples = 0;
    if (simples && (closed || (w->rules & RF_OPEN_TANYAO)))
        add(v, SY_TANYAO, 1);
    int identical = 0;
    for (int t = 0; t < 27; t++)
        identical += f->run_count[t] / 2;
    if (closed && identical == 1)
        add(v, SY_IIPEIKOU, 1);
    if (f->triplet[w->seat])
        add(v, SY_SEAT_EAST + w->seat - 27, 1);
    if (f->triplet[w->round])
        add(v, SY_ROUND_EAST + w->round - 27, 1);
    for (int t = 31; t < 34; t++)
        if (f->triplet[t])
            add(v, SY_HAKU + t - 31, 1);
    if (fl & WF_DOUBLE_RIICHI)
        add(v, SY_DOUBLE_RIICHI, 2);
    if (r->form == F_CHIITOITSU)
        add(v, SY_CHIITOITSU, 2);
    int out = standard && f->runs && f->pair >= 0 && outside(f->pair);
    for (int i = 0; out && i < s->n; i++)
        out = outside(s->tile[i]) || (s->kind[i] == B_RUN && s->tile[i] % 9 == 6);
    if (out && f->honours)
        add(v, SY_CHANTA, closed ? 2 : 1);
    int ittsu = 0, sanshoku = 0, doukou = 0;
    for (int b = 0; b < 27; b += 9)
        ittsu |= f->run_count[b] && f->run_count[b + 3] && f->run_count[b + 6];
    for (int k = 0; k < 9; k++) {
        sanshoku |= k < 7 && f->run_count[k] && f->run_count[k + 9] && f->run_count[k + 18];
        doukou |= f->triplet[k] && f->triplet[k + 9] && f->triplet[k + 18];
    }
    if (ittsu)
        add(v, SY_ITTSU, closed ? 2 : 1);
    if (sanshoku)
        add(v, SY_SANSHOKU, closed ? 2 : 1);
    if (doukou)
        add(v, SY_SANSHOKU_DOUKOU, 2);
    if (f->quads == 3)
        add(v, SY_SANKANTSU, 2);
    if (standard && f->triplets == 4)
        add(v, SY_TOITOI, 2);
    if (f->concealed_triplets == 3)
        add(v, SY_SANANKOU, 2);
    if (f->triplet[31] + f->triplet[32] + f->triplet[33] == 2 && f->pair >= 31)
        add(v, SY_SHOUSANGEN, 2);
    if (f->all_outside)
        add(v, SY_HONROUTOU, 2);
    if (closed && identical == 2)
        add(v, SY_RYANPEIKOU, 3);
    if (out && !f->honours)
        add(v, SY_JUNCHAN, closed ? 3 : 2);
    if (one_suit(f->suits) && f->honours)
        add(v, SY_HONITSU, closed ? 3 : 2);
    if (one_suit(f->suits) && !f->honours)
        add(v, SY_CHINITSU, closed ? 6 : 5);
}

static void
part(SValue *v, int key, int fu)
{
    v->part[v->nparts] = (uint8_t)key;
    v->part_fu[v->nparts] = (uint8_t)fu;
    v->nparts++;
}

/* The fu (fu.py): v->fu rounded up to 10, v->raw_fu the sum of the parts. */
static void
fu_of(const SWin *w, const SReading *r, const Sets *s, const Facts *f, SValue *v)
{
    v->nparts = 0;
    if (r->form == F_CHIITOITSU) {
        part(v, FP_SEVEN_PAIRS, 25);
        v->fu = v->raw_fu = 25;
        return;
    }
    if (r->form == F_KOKUSHI) {
        v->fu = v->raw_fu = 0;
        return;
    }
    int tsumo = w->flags & WF_TSUMO, total = 20;
    part(v, FP_BASE, 20);
    if (w->closed && !tsumo) {
        part(v, FP_CLOSED_RON, 10);
        total += 10;
    }
    for (int i = 0; i < s->n; i++) {
        if (s->kind[i] == B_RUN)
            continue;
        int quad = s->kind[i] == B_QUAD, out = outside(s->tile[i]);
        int fu = 2 << (s->concealed[i] + out + 2 * quad);
        part(v, FP_SET + 4 * s->concealed[i] + 2 * quad + out, fu);
        total += fu;
    }
    int p = f->pair;
    if (p >= 31) {
        part(v, FP_DRAGON_PAIR, 2);
        total += 2;
    }
    else if (p >= 0 && p == w->seat && p == w->round) {
        int fu = w->rules >> 8;
        part(v, FP_DOUBLE_WIND_PAIR, fu);
        total += fu;
    }
    else if (p >= 0 && (p == w->seat || p == w->round)) {
        part(v, FP_WIND_PAIR, 2);
        total += 2;
    }
    if (r->shape == W_KANCHAN || r->shape == W_PENCHAN || r->shape == W_TANKI) {
        part(v, r->shape == W_KANCHAN ? FP_KANCHAN : r->shape == W_PENCHAN ? FP_PENCHAN : FP_TANKI,
             2);
        total += 2;
    }
    if (tsumo && !is_pinfu(w, r, f)) {
        part(v, FP_TSUMO, 2);
        total += 2;
    }
    if (total == 20 && !w->closed) {
        part(v, FP_OPEN_NO_FU, 10);
        total = 30;
    }
    v->raw_fu = total;
    v->fu = (total + 9) / 10 * 10;
}

static int
up(int points)
{
    return (points + 99) / 100 * 100;
}

/* The points the winner receives (points.py): the base points and who pays them. */
int
score_points(const SWin *w, int han, int fu, int yakuman)
{
    int base, rules = w->rules;
    if (yakuman)
        base = 8000 * yakuman;
    else if (han >= 13)
        base = rules & RF_KAZOE ? 8000 : 6000;
    else if (han >= 11)
        base = 6000;
    else if (han >= 8)
        base = 4000;
    else if (han >= 6)
        base = 3000;
    else if (han == 5 || fu * (1 << (2 + han)) >= 2000)
        base = 2000;
    else if ((rules & RF_KIRIAGE) && ((han == 4 && fu == 30) || (han == 3 && fu == 60)))
        base = 2000;
    else
        base = fu * (1 << (2 + han));
    if (!(w->flags & WF_TSUMO))
        return up(base * (w->dealer ? 6 : 4));
    if (w->players == 3) {
        int first = up(2 * base), second = up(w->dealer ? 2 * base : base);
        if (rules & RF_TSUMO_LOSS)
            return first + second;
        /* the absent player's share (2b or b) split in half, each half rounded up */
        int split = w->dealer ? up(base) : (base + 199) / 200 * 100;
        return first + second + 2 * split;
    }
    return w->dealer ? 3 * up(2 * base) : up(2 * base) + 2 * up(base);
}

int
value_of(const SWin *w, const SReading *r, SValue *v)
{
    Sets s;
    Facts f;
    sets_of(w, r, &s);
    facts_of(w, r, &s, &f);
    v->nyaku = 0;
    yakuman_of(w, r, &f, v);
    v->yakuman = 0;
    for (int i = 0; i < v->nyaku; i++) {
        v->yakuman += v->han[i];
        v->han[i] = (uint8_t)(13 * v->han[i]);
    }
    if (!v->yakuman) {
        yaku_of(w, r, &s, &f, v);
        if (!v->nyaku)
            return 0;
        static const int bonus_key[4] = {SY_DORA, SY_AKA, SY_URA, SY_NORTH};
        for (int i = 0; i < 4; i++)
            if (w->bonus[i])
                add(v, bonus_key[i], w->bonus[i]);
    }
    v->total_han = 0;
    for (int i = 0; i < v->nyaku; i++)
        v->total_han += v->han[i];
    fu_of(w, r, &s, &f, v);
    v->points = score_points(w, v->total_han, v->fu, v->yakuman);
    return 1;
}
