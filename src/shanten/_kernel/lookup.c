/*
 * The lookups over whole hands: a hand's classes and rest classes prepared at once, and
 * its effective tiles (the draws that lower its distance). The verbs, the discard table,
 * the batch and the odds' graphs all read them; the small lookups they are made of are
 * lookup.h's.
 */
#include "lookup.h"

const int IS_ORPHAN[NUM_TILES] = {
    1, 0, 0, 0, 0, 0, 0, 0, 1, /* 1m-9m */
    1, 0, 0, 0, 0, 0, 0, 0, 1, /* 1p-9p */
    1, 0, 0, 0, 0, 0, 0, 0, 1, /* 1s-9s */
    1, 1, 1, 1, 1, 1, 1,       /* the honours */
};

/* Classes, every part's rest class and the closed forms' counts of a hand that fits(). */
int
prepare(const Rules *rules, const uint8_t *counts, uint64_t f, State *s)
{
    if (!classes(rules, counts, s))
        return 0;
    for (int p = 0; p < 4; p++)
        s->rest[p] = rest_of(rules, s, p);
    s->sets = TILES_OF(f) / 3;
    s->pairs = PAIRS_OF(f), s->kinds = KINDS_OF(f);
    s->orphans = ORPHANS_OF(f), s->orphan_pairs = ORPHAN_PAIRS_OF(f);
    return 1;
}



/* The distance of a prepared 3n+1 hand (FORM_ALL with seven pairs and thirteen orphans
 * if `with_closed`, else the standard form) and in *mask the tiles whose draw lowers
 * it; drawn[t] is the class of t's part after drawing t (draw_classes). */
int
effective_tiles(const Rules *rules, const uint8_t *counts, const State *s,
                const uint8_t drawn[NUM_TILES], int with_closed, uint64_t *mask)
{
    int standard = part_distance(&rules->part[3], s->rest[3], s->k[3], s->sets);
    int best = standard, closed = 99;
    if (with_closed) {
        closed = closed_distance(FORM_ALL, s->pairs, s->kinds, s->orphans, s->orphan_pairs);
        if (closed < best)
            best = closed;
    }
    uint64_t found = 0;
    for (int p = 0; p < 4; p++) {
        const Part *part = &rules->part[p];
        const uint8_t *row = part->dist + s->rest[p] * part->nclass * 5 + s->sets;
        for (int j = 0; j < part->ntiles; j++) {
            int t = part->tiles[j];
            if (drawn[t] != NO_CLASS && row[drawn[t] * 5] < best)
                found |= (uint64_t)1 << t;
        }
    }
    /* a draw lowers a closed form by at most 1: only one at the minimum can help */
    if (closed <= best) {
        for (int t = 0; t < NUM_TILES; t++) {
            int h = counts[t], orphan = IS_ORPHAN[t];
            if (rules->part_of[t] < 0 || h >= 4)
                continue;
            int other = closed_moved_distance(s, h, orphan, +1);
            if (other < best)
                found |= (uint64_t)1 << t;
        }
    }
    *mask = found;
    return best;
}

/* The distance of a 3n+1 hand that fits(), in `form` (FORM_ALL or FORM_STANDARD), and
 * in *mask the tiles whose draw lowers it; 0 if the tables do not hold the hand. */
int
effective(const Rules *rules, const uint8_t *counts, uint64_t f, int form, int closed,
          uint64_t *mask)
{
    State s;
    uint8_t drawn[NUM_TILES];
    int size = TILES_OF(f);
    if (!prepare(rules, counts, f, &s))
        return 0;
    for (int p = 0; p < 4; p++)
        draw_classes(rules, counts, &s, p, drawn);
    return effective_tiles(rules, counts, &s, drawn, closed && form == FORM_ALL && size == 13,
                           mask);
}
