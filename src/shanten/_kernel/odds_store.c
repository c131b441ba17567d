/*
 * The store of the hands the starts of one call meet, shared by the threads that build
 * their graphs: each hand's draws, and each draw's keeps, worked out once, whatever the
 * start's wall and swap budget.
 *
 * A thread that needs a hand's draws no thread has worked out claims the hand (an atomic
 * exchange on its entry_at), works the draws out on its own (odds_expand.c, the costly
 * part) and publishes them under the store's lock, which only adding to the store takes:
 * the kept hands are added, the draws written, and entry_at set last, with release
 * order. A thread reads published draws without the lock: its acquire load of entry_at
 * orders everything written before it, and the chunks never move. It also looks hands
 * up without it: a hand enters the hash table last, and a table replaced by a larger one
 * stays until the store is freed. A thread that meets
 * a hand another has claimed works out the hands further on in its own graph meanwhile
 * (odds_graph.c), so that two threads building graphs that share their hands split the
 * work instead of waiting on each other.
 */
#include "odds.h"

/* A hash table of the store's hands: open addressing, -1 for empty. */
typedef struct OddsTable {
    size_t slots; /* a power of two */
    struct OddsTable *older;
    int32_t slot[];
} OddsTable;

#if defined(__GNUC__) || defined(__clang__)
#include <sched.h>
#define ODDS_LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define ODDS_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define ODDS_CLAIM(p) __sync_bool_compare_and_swap((p), ODDS_UNKNOWN, ODDS_CLAIMED)
#define ODDS_YIELD() sched_yield()
#else /* one thread (odds_run.c): plain accesses */
#define ODDS_LOAD(p) (*(p))
#define ODDS_STORE(p, v) (*(p) = (v))
#define ODDS_CLAIM(p) (*(p) == ODDS_UNKNOWN ? (*(p) = ODDS_CLAIMED, 1) : 0)
#define ODDS_YIELD() ((void)0)
#endif

static uint64_t
odds_hash(const uint8_t *c)
{
    uint64_t h = load8(c) * 0x9E3779B97F4A7C15ULL;
    h = (h ^ (h >> 29) ^ load8(c + 8)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 31) ^ load8(c + 16)) * 0x94D049BB133111EBULL;
    h = (h ^ (h >> 29) ^ load8(c + 24)) * 0x9E3779B97F4A7C15ULL;
    h ^= (uint64_t)c[32] << 8 | c[33];
    return h ^ (h >> 32);
}

/* Grows *array to hold `cap` items of `size` bytes; 0 if out of memory (it stays valid). */
int
odds_grow(void *array, size_t cap, size_t size)
{
    void *q = realloc(*(void **)array, cap * size);
    if (q == NULL)
        return 0;
    *(void **)array = q;
    return 1;
}

/* The store's chunk directories, as one list, for allocating and freeing them. */
#define ODDS_HAND_ARRAYS 5
#define ODDS_ENTRY_ARRAYS 4
#define ODDS_KEEP_ARRAYS 3

static void
odds_directories(OddsStore *st, void **hand[ODDS_HAND_ARRAYS], void **entry[ODDS_ENTRY_ARRAYS],
                 void **keep[ODDS_KEEP_ARRAYS])
{
    hand[0] = (void **)st->hands, hand[1] = (void **)st->dist;
    hand[2] = (void **)st->beyond, hand[3] = (void **)st->entry_at;
    hand[4] = (void **)st->entries;
    entry[0] = (void **)st->tile, entry[1] = (void **)st->after;
    entry[2] = (void **)st->keeps, entry[3] = (void **)st->keep_at;
    keep[0] = (void **)st->kept, keep[1] = (void **)st->discard;
    keep[2] = (void **)st->left;
}

/* The bytes of an item of each array. */
static const size_t HAND_SIZES[ODDS_HAND_ARRAYS] = {NUM_TILES, 1, 1, sizeof(int32_t), 1};
static const size_t ENTRY_SIZES[ODDS_ENTRY_ARRAYS] = {1, 1, 1, sizeof(int32_t)};
static const size_t KEEP_SIZES[ODDS_KEEP_ARRAYS] = {sizeof(int32_t), 1, 1};

void
odds_store_free(OddsStore *st)
{
    void **hand[ODDS_HAND_ARRAYS], **entry[ODDS_ENTRY_ARRAYS], **keep[ODDS_KEEP_ARRAYS];
    odds_directories(st, hand, entry, keep);
    for (int a = 0; a < ODDS_HAND_ARRAYS; a++)
        for (int c = 0; c < st->hand_chunks; c++)
            free(hand[a][c]);
    for (int a = 0; a < ODDS_ENTRY_ARRAYS; a++)
        for (int c = 0; c < st->entry_chunks; c++)
            free(entry[a][c]);
    for (int a = 0; a < ODDS_KEEP_ARRAYS; a++)
        for (int c = 0; c < st->keep_chunks; c++)
            free(keep[a][c]);
    for (OddsTable *t = st->table, *older; t; t = older)
        older = t->older, free(t);
    memset(st, 0, sizeof *st);
}

/* The bytes the store holds. */
size_t
odds_store_bytes(const OddsStore *st)
{
    size_t hand = NUM_TILES + 2 + sizeof(int32_t) + 1, entry = 3 + sizeof(int32_t);
    size_t keep = sizeof(int32_t) + 2;
    return odds_chunk_start(st->hand_chunks) * hand + odds_chunk_start(st->entry_chunks) * entry +
           odds_chunk_start(st->keep_chunks) * keep + st->table_bytes;
}

/* Room for `count` more items of one kind (at most the first chunk's), in one chunk: *n
 * moves to the next chunk if they would not fit in this one, and chunks are added as
 * needed; 0 if out of memory or past the last chunk. The lock is held. */
static int
odds_room(int *n, int *chunks, void **arrays[], const size_t sizes[], int narrays, int count)
{
    size_t at = (size_t)*n;
    int k = odds_chunk(at);
    if (count > 0 && at + (size_t)count > odds_chunk_start(k + 1))
        at = odds_chunk_start(k + 1);
    while (at + (size_t)count > odds_chunk_start(*chunks)) {
        if (*chunks == ODDS_CHUNKS)
            return 0;
        size_t items = odds_chunk_start(*chunks + 1) - odds_chunk_start(*chunks);
        for (int a = 0; a < narrays; a++)
            if ((arrays[a][*chunks] = malloc(items * sizes[a])) == NULL) {
                while (a-- > 0) {
                    free(arrays[a][*chunks]);
                    arrays[a][*chunks] = NULL;
                }
                return 0;
            }
        ++*chunks;
    }
    *n = (int)at;
    return 1;
}

/* The store's hash table, rebuilt with `slots` slots, the one it replaces kept until the
 * store is freed: a thread may still be reading it. The lock is held. */
static int
odds_rehash(OddsStore *st, size_t slots)
{
    OddsTable *table = malloc(sizeof(OddsTable) + slots * sizeof(int32_t));
    if (table == NULL)
        return 0;
    table->slots = slots, table->older = st->table;
    memset(table->slot, 0xFF, slots * sizeof(int32_t));
    for (int h = 0; h < st->n; h++) {
        size_t i = odds_hash(ODDS_HAND(st, h)) & (slots - 1);
        while (table->slot[i] >= 0)
            i = (i + 1) & (slots - 1);
        table->slot[i] = h;
    }
    st->table_bytes += sizeof(OddsTable) + slots * sizeof(int32_t);
    ODDS_STORE(&st->table, table);
    return 1;
}

/* An empty store with its hash table; 0 if out of memory. */
int
odds_store_init(OddsStore *st)
{
    memset(st, 0, sizeof *st);
    return odds_rehash(st, 1024);
}

/* The store's index of `hand`, -1 if it is not there (yet): no lock needed. */
static int32_t
odds_find(const OddsStore *st, const uint8_t *hand)
{
    const OddsTable *table = ODDS_LOAD(&st->table);
    size_t mask = table->slots - 1;
    int32_t h;
    for (size_t i = odds_hash(hand) & mask; (h = ODDS_LOAD(&table->slot[i])) >= 0;
         i = (i + 1) & mask)
        if (memcmp(ODDS_HAND(st, h), hand, NUM_TILES) == 0)
            return h;
    return -1;
}

/* The store's index of `hand`, added with its distance and tiles beyond the cover if
 * new; -1 out of memory. The lock is held. */
static int32_t
odds_hand(OddsStore *st, const uint8_t *hand, int dist, int beyond)
{
    OddsTable *table = st->table;
    size_t mask = table->slots - 1, i = odds_hash(hand) & mask;
    for (; table->slot[i] >= 0; i = (i + 1) & mask)
        if (memcmp(ODDS_HAND(st, table->slot[i]), hand, NUM_TILES) == 0)
            return table->slot[i];
    void **arrays[ODDS_HAND_ARRAYS], **entry[ODDS_ENTRY_ARRAYS], **keep[ODDS_KEEP_ARRAYS];
    odds_directories(st, arrays, entry, keep);
    int n = st->n;
    if (!odds_room(&n, &st->hand_chunks, arrays, HAND_SIZES, ODDS_HAND_ARRAYS, 1) ||
        n != st->n)
        return -1; /* never moves: a hand is one item */
    int32_t h = st->n++;
    memcpy(ODDS_HAND(st, h), hand, NUM_TILES);
    *ODDS_AT(st->dist, h) = (int8_t)dist;
    *ODDS_AT(st->beyond, h) = (int8_t)beyond;
    *ODDS_AT(st->entries, h) = 0;
    ODDS_STORE(ODDS_AT(st->entry_at, h), ODDS_UNKNOWN);
    ODDS_STORE(&table->slot[i], h); /* last: a thread that finds h reads all of it */
    if ((size_t)st->n * 2 > table->slots && !odds_rehash(st, table->slots * 2))
        return -1;
    return h;
}

/* Publishes the draft's draws as those of the store's hand h, the hands they keep added
 * to the store, entry_at set last; 0 if out of memory. The lock is held. */
static int
odds_publish(OddsStore *st, int32_t h, const OddsDraft *d)
{
    void **hand[ODDS_HAND_ARRAYS], **entry[ODDS_ENTRY_ARRAYS], **keep[ODDS_KEEP_ARRAYS];
    odds_directories(st, hand, entry, keep);
    if (!odds_room(&st->ne, &st->entry_chunks, entry, ENTRY_SIZES, ODDS_ENTRY_ARRAYS, d->ne) ||
        !odds_room(&st->nk, &st->keep_chunks, keep, KEEP_SIZES, ODDS_KEEP_ARRAYS, d->nk))
        return 0;
    int32_t first = st->ne;
    for (int e = 0; e < d->ne; e++) {
        int32_t keep_first = st->nk;
        for (int k = d->keep_at[e]; k < d->keep_at[e] + d->keeps[e]; k++) {
            int32_t kept = d->kept[k] >= 0 ? d->kept[k]
                                           : odds_hand(st, d->kept_hand[k], d->left[k],
                                                       d->kept_beyond[k]);
            if (kept < 0)
                return 0;
            *ODDS_AT(st->kept, st->nk) = kept;
            *ODDS_AT(st->discard, st->nk) = d->discard[k];
            *ODDS_AT(st->left, st->nk) = d->left[k];
            st->nk++;
        }
        *ODDS_AT(st->tile, st->ne) = d->tile[e];
        *ODDS_AT(st->after, st->ne) = d->after[e];
        *ODDS_AT(st->keeps, st->ne) = d->keeps[e];
        *ODDS_AT(st->keep_at, st->ne) = keep_first;
        st->ne++;
    }
    *ODDS_AT(st->entries, h) = (uint8_t)d->ne;
    ODDS_STORE(ODDS_AT(st->entry_at, h), first);
    return 1;
}

static void
odds_store_lock(const OddsLocal *local)
{
    if (local->lock)
        local->lock(local->sync);
}

static void
odds_store_unlock(const OddsLocal *local)
{
    if (local->unlock)
        local->unlock(local->sync);
}

/* Room in the thread's map for the store's hand `id`; 0 if out of memory. */
int
odds_local_fit(OddsLocal *local, int32_t id)
{
    if (id < local->cap)
        return 1;
    size_t cap = (size_t)local->cap * 2 > (size_t)id + 1 ? (size_t)local->cap * 2 : (size_t)id + 1;
    cap = cap < 1024 ? 1024 : cap;
    if (cap > INT32_MAX || !odds_grow(&local->of, cap, sizeof(int32_t)))
        return 0;
    memset(local->of + local->cap, 0xFF, (cap - (size_t)local->cap) * sizeof(int32_t));
    local->cap = (int)cap;
    return 1;
}

/* The store's index of `hand` (distance `dist`, a start: no tile beyond the cover), added
 * if new, with room for it in the thread's map; -1 out of memory. */
int32_t
odds_start(OddsStore *st, OddsLocal *local, const uint8_t hand[NUM_TILES], int dist)
{
    odds_store_lock(local);
    int32_t id = odds_hand(st, hand, dist, 0);
    odds_store_unlock(local);
    return id >= 0 && odds_local_fit(local, id) ? id : -1;
}

/* Works out and publishes the draws of the store's hand h if no thread has claimed it:
 * 1 if this thread did, 0 if another has, -1 if out of memory. */
int
odds_claim(OddsStore *st, const OddsShared *sh, OddsLocal *local, int32_t h)
{
    int32_t *at = ODDS_AT(st->entry_at, h);
    if (ODDS_LOAD(at) != ODDS_UNKNOWN || !ODDS_CLAIM(at))
        return 0;
    OddsDraft *d = local->draft;
    memcpy(d->hand, ODDS_HAND(st, h), NUM_TILES);
    d->before = *ODDS_AT(st->dist, h), d->beyond = *ODDS_AT(st->beyond, h);
    int ok = odds_expand(d, sh);
    for (int k = 0; ok && k < d->nk; k++) /* with threads, the hands there without the lock */
        d->kept[k] = local->lock ? odds_find(st, d->kept_hand[k]) : -1;
    odds_store_lock(local);
    ok = ok && odds_publish(st, h, d);
    if (!ok)
        ODDS_STORE(at, ODDS_FAILED);
    odds_store_unlock(local);
    return ok ? 1 : -1;
}

/* The first draw entry of the store's hand h (ODDS_AT(st->entries, h) of them), worked
 * out and published first if no thread has claimed it yet; ODDS_CLAIMED while another
 * thread works it out, ODDS_FAILED if out of memory. */
int32_t
odds_draws(OddsStore *st, const OddsShared *sh, OddsLocal *local, int32_t h)
{
    int32_t *at = ODDS_AT(st->entry_at, h), first = ODDS_LOAD(at);
    if (first == ODDS_UNKNOWN && odds_claim(st, sh, local, h) < 0)
        return ODDS_FAILED;
    first = ODDS_LOAD(at);
    return first == ODDS_UNKNOWN ? ODDS_CLAIMED : first;
}

/* Lets the other threads go on while this one waits for a hand. */
void
odds_yield(void)
{
    ODDS_YIELD();
}
