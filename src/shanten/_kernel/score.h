/*
 * The scorer: a checked win (shanten.score_types.Win) as plain C, every reading of it,
 * the yaku, fu and points of each, and the reading that pays the most, compared as the
 * reference scorer compares them (shanten._native.scoring): points, then a yakuman
 * before a counted hand, then han, then fu, then the fu before rounding, and on a tie
 * the reading that comes first in the reference's order (wins._sorted_readings).
 *
 *   score.c          the readings, and the points of each count of extra dora
 *   score_yaku.c     the yaku, yakuman, fu and points of one reading
 *   score_binding.c  the best reading, and the binding score()
 *
 * The yaku are numbered as shanten.score_types.YAKU lists them (SY_*), the wait shapes
 * as wins.WaitShape, the fu parts as shanten._kernel.engine.FU_PARTS.
 */
#ifndef SHANTEN_SCORE_H
#define SHANTEN_SCORE_H

#include "kernel.h"

KERNEL_HIDDEN_BEGIN

enum { B_RUN = 0, B_TRIPLET = 1, B_QUAD = 2, B_PAIR = 3, B_ORPHANS = 4 };
enum { F_STANDARD = 0, F_CHIITOITSU = 1, F_KOKUSHI = 2 };
enum { W_TANKI, W_SHANPON, W_KANCHAN, W_PENCHAN, W_RYANMEN, W_KOKUSHI, W_KOKUSHI13 };

/* The flags of a win (the bits of score()'s `flags`). */
enum {
    WF_TSUMO = 1, WF_RIICHI = 2, WF_DOUBLE_RIICHI = 4, WF_IPPATSU = 8, WF_RINSHAN = 16,
    WF_CHANKAN = 32, WF_LAST_TILE = 64, WF_FIRST_DRAW = 128
};
/* The rules (the bits of score()'s `rules`; the double wind pair's fu from bit 8). */
enum {
    RF_OPEN_TANYAO = 1, RF_KIRIAGE = 2, RF_KAZOE = 4, RF_TSUMO_LOSS = 8,
    RF_DOUBLE_SUUANKOU_TANKI = 16, RF_DOUBLE_KOKUSHI_13 = 32, RF_DOUBLE_JUNSEI = 64,
    RF_DOUBLE_DAISUUSHII = 128
};

/* shanten.score_types.YAKU's keys by position. */
enum {
    SY_MENZEN_TSUMO, SY_RIICHI, SY_IPPATSU, SY_CHANKAN, SY_RINSHAN, SY_HAITEI, SY_HOUTEI,
    SY_PINFU, SY_TANYAO, SY_IIPEIKOU, SY_SEAT_EAST, SY_ROUND_EAST = SY_SEAT_EAST + 4,
    SY_HAKU = SY_ROUND_EAST + 4, SY_HATSU, SY_CHUN, SY_DOUBLE_RIICHI, SY_CHIITOITSU,
    SY_CHANTA, SY_ITTSU, SY_SANSHOKU, SY_SANSHOKU_DOUKOU, SY_SANKANTSU, SY_TOITOI,
    SY_SANANKOU, SY_SHOUSANGEN, SY_HONROUTOU, SY_RYANPEIKOU, SY_JUNCHAN, SY_HONITSU,
    SY_CHINITSU, SY_TENHOU, SY_CHIIHOU, SY_DAISANGEN, SY_SUUANKOU, SY_SUUANKOU_TANKI,
    SY_TSUUIISOU, SY_RYUUIISOU, SY_CHINROUTOU, SY_CHUUREN, SY_JUNSEI_CHUUREN, SY_KOKUSHI,
    SY_KOKUSHI_13, SY_DAISUUSHII, SY_SHOUSUUSHII, SY_SUUKANTSU, SY_DORA, SY_URA, SY_AKA,
    SY_NORTH
};

/* The fu parts by number (shanten._kernel.engine.FU_PARTS names them). A set's part is
 * FP_SET + 4 * concealed + 2 * quad + terminal or honour. */
enum {
    FP_BASE, FP_CLOSED_RON, FP_SET, FP_DRAGON_PAIR = FP_SET + 8, FP_DOUBLE_WIND_PAIR,
    FP_WIND_PAIR, FP_KANCHAN, FP_PENCHAN, FP_TANKI, FP_TSUMO, FP_OPEN_NO_FU, FP_SEVEN_PAIRS
};

typedef struct {
    uint8_t counts[NUM_TILES]; /* the concealed tiles with the winning tile */
    uint8_t all[NUM_TILES];    /* and the melds' tiles */
    int nmelds;
    uint8_t meld_kind[4], meld_tile[4], meld_concealed[4]; /* kind: B_RUN/TRIPLET/QUAD */
    int win, flags, rules, seat, round, players;
    int closed;   /* no called meld (a concealed quad keeps the hand closed) */
    int dealer;
    int bonus[4]; /* han of dora, red fives, ura dora, north dora */
} SWin;

/* One reading: the concealed blocks (sets in tile order, then the pair; seven pairs;
 * the fourteen orphans as one block), the block the winning tile completed, its wait. */
typedef struct {
    int form, nblocks, index, shape;
    uint8_t kind[7], tile[7];
} SReading;

/* What a reading is worth. */
typedef struct {
    int nyaku;
    uint8_t yaku[40], han[40];
    int nparts;
    uint8_t part[12], part_fu[12];
    int total_han, fu, yakuman, raw_fu, points;
} SValue;

/* The most flag sets score_by_bonus() prices at once. */
#define SCORE_MAX_VARIANTS 8

/* score.c: every reading of a win, each handed to `visit`; the points of each u more han
 * of dora, the most over the readings, under each of n flag sets (the twin of
 * shanten._native.scoring.points_by_bonus). */
void score_readings(const SWin *w, void (*visit)(void *context, const SReading *r),
                    void *context);
void score_by_bonus(const SWin *w, int n, const int *flags, int most, int *best);

/* score_yaku.c: the value of a reading (0 when it has no yaku); the points a hand of han,
 * fu and yakuman pays the winner of w. */
int value_of(const SWin *w, const SReading *r, SValue *v);
int score_points(const SWin *w, int han, int fu, int yakuman);

KERNEL_HIDDEN_END

#endif /* SHANTEN_SCORE_H */
