/*
 * The discard odds of many start hands: a few threads (POSIX threads where there are)
 * take the starts in order, each building a start's graph on the store they share and
 * solving it, and each start's answer is reported in order as soon as it is in.
 */
#include "odds.h"

/* The most threads one call runs. */
#define ODDS_MAX_THREADS 64

/* A start's swap budget: the tiles its own hand needs (r0), or those of the best start
 * (`best`) plus the one extra swap a switch allows, whichever is more. */
static inline int
odds_budget(int best, int extra, int r0)
{
    return best + extra > r0 ? best + extra : r0;
}

#ifdef _WIN32
#define ODDS_THREADS 0 /* one thread: the kernel uses POSIX threads where it has them */
#else
#include <pthread.h>
#include <signal.h>
#define ODDS_THREADS 1

/* The signals a worker blocks: those sent to the process (Ctrl-C, a kill, a timer), so
 * that the calling thread takes them, where Python handles them. Taken by a worker, a
 * signal would not wake the caller from a sleep or a wait in a progress callable, and
 * the interrupt would wait on it. The faults a thread causes itself stay unblocked. */
static void
odds_async_signals(sigset_t *set)
{
    static const int async[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,  SIGALRM, SIGVTALRM,
                                SIGUSR1, SIGUSR2, SIGCHLD, SIGWINCH, SIGPIPE};
    sigemptyset(set);
    for (size_t i = 0; i < sizeof async / sizeof async[0]; i++)
        sigaddset(set, async[i]);
}
#endif

/* The starts of one call, taken in order by the threads: each builds the graph of a start
 * it takes on the shared store, solves it at once and frees it, so that a call holds one
 * graph a thread. The store is a memo of facts about hands that do not depend on the
 * start, and a graph's order is that of its own search, so which thread builds a graph,
 * and what the store held before, change nothing in it. One lock guards the queue and
 * what is added to the store (odds_store.c reads it without). */
typedef struct {
    const OddsShared *sh; /* caps: NULL; a thread reads them through its own Caps */
    const uint8_t *starts, *caps;
    const int *r0;
    int count, best, extra, max_states, sets;
    size_t store_bytes;
    int wall, draws;
    const OddsWorth *worth; /* with one, a third curve: the expected score */
    const uint8_t *unseen;
    double *curves; /* `stride` per start */
    size_t stride;
    OddsStatus *status; /* per start, once solved */
    uint8_t *solved;    /* per start: its curves are in (or it failed) */
    int *states;        /* per start: the hands its graph holds */
    int next;           /* the next start to take */
    int stopped;        /* take no more */
    int halted;         /* the report asked to stop: call it no more */
    int running;        /* threads other than the caller still taking starts */
    int building;       /* threads building a graph on the store */
    OddsStore store;
    int threaded;       /* the lock and the condition are set up */
#if ODDS_THREADS
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a start is solved, a graph is built, or a thread is done */
#endif
} OddsQueue;

static void
odds_lock(OddsQueue *q)
{
#if ODDS_THREADS
    if (q->threaded)
        pthread_mutex_lock(&q->lock);
#else
    (void)q;
#endif
}

static void
odds_unlock(OddsQueue *q)
{
#if ODDS_THREADS
    if (q->threaded)
        pthread_mutex_unlock(&q->lock);
#else
    (void)q;
#endif
}

/* Wakes the caller, which may wait for a start to be solved or a thread to be done. The
 * lock is held. */
static void
odds_wake(OddsQueue *q)
{
#if ODDS_THREADS
    if (q->threaded)
        pthread_cond_broadcast(&q->changed);
#else
    (void)q;
#endif
}

/* The store's lock, as a thread's OddsLocal takes it to add to the store: the queue's. */
static void
odds_lock_store(void *queue)
{
    odds_lock(queue);
}

static void
odds_unlock_store(void *queue)
{
    odds_unlock(queue);
}

/* What one thread holds: the map from the store to a graph, its draft, its caps. */
typedef struct {
    OddsShared sh;
    OddsLocal local;
    Caps caps;
} OddsThread;

/* 0 if out of memory. */
static int
odds_thread_init(OddsThread *t, OddsQueue *q)
{
    memset(t, 0, sizeof *t);
    t->sh = *q->sh;
    if (q->caps) {
        caps_init(&t->caps, q->sh->rules, q->caps, q->sets);
        t->sh.caps = &t->caps;
    }
    t->local.draft = malloc(sizeof(OddsDraft));
    if (q->threaded)
        t->local.lock = odds_lock_store, t->local.unlock = odds_unlock_store, t->local.sync = q;
    return t->local.draft != NULL;
}

static void
odds_thread_free(OddsThread *t)
{
    free(t->local.of);
    free(t->local.draft);
    if (t->sh.caps)
        caps_free(t->sh.caps);
}

/* Room on the store for one more graph: past `store_bytes` it starts afresh, once no
 * other thread builds on it; 0 if out of memory. The lock is held. */
static int
odds_enter_store(OddsQueue *q)
{
    OddsStore *st = &q->store;
    while (q->building > 0 && odds_store_bytes(st) > q->store_bytes) {
#if ODDS_THREADS
        pthread_cond_wait(&q->changed, &q->lock);
#endif
    }
    if (st->table == NULL || odds_store_bytes(st) > q->store_bytes) {
        odds_store_free(st);
        if (!odds_store_init(st))
            return 0;
    }
    q->building++;
    return 1;
}

/* Start i's graph built on the thread's store, its curves solved into their slot and the
 * graph freed. The expected score comes after the two objectives, whose values are freed
 * by then. */
static OddsStatus
odds_one(OddsQueue *q, OddsThread *t, int i)
{
    odds_lock(q);
    int room = odds_enter_store(q);
    odds_unlock(q);
    if (!room)
        return ODDS_NO_MEMORY;
    OddsGraph g;
    OddsStatus status =
        odds_build(&g, &q->store, &t->sh, &t->local, q->starts + (size_t)i * NUM_TILES,
                   q->r0[i], odds_budget(q->best, q->extra, q->r0[i]), q->max_states);
    odds_lock(q);
    q->building--;
    odds_wake(q);
    odds_unlock(q);
    q->states[i] = g.n;
    for (int s = 0; s < g.n; s++)
        t->local.of[g.id[s]] = -1;
    double *curves = q->curves + (size_t)i * q->stride;
    if (status == ODDS_OK)
        status = odds_curves(&g, q->wall, q->draws, curves);
    if (q->worth && status == ODDS_OK)
        status = odds_score(&g, q->worth, q->unseen, q->wall, q->draws,
                            curves + 2 * ((size_t)q->draws + 1));
    odds_graph_free(&g);
    return status;
}

/* Reports the starts whose curves are in, in order from the first not reported; 0 when
 * the report asks to stop. Called by the caller's thread, with the lock free. */
static int
odds_report(OddsQueue *q, OddsReport *r)
{
    if (r->report == NULL)
        return 1;
    for (;;) {
        odds_lock(q);
        int i = r->reported, ready = i < q->count && q->solved[i] && q->status[i] == ODDS_OK;
        odds_unlock(q);
        if (!ready)
            return 1;
        if (!r->report(r->context, i))
            return 0;
        r->reported++;
    }
}

/* Takes starts until none is left or the run stops; with a report (the caller's),
 * reports the answers in after each, and stops the run when the report says so. A start
 * that fails stops the run: the starts after it are not taken. */
static void
odds_take(OddsQueue *q, OddsReport *report)
{
    OddsThread t;
    int ready = odds_thread_init(&t, q);
    odds_lock(q);
    if (!ready && !q->stopped && q->next < q->count) { /* its start fails: out of memory */
        int i = q->next++;
        q->status[i] = ODDS_NO_MEMORY;
        q->solved[i] = 1;
        q->stopped = 1;
        odds_wake(q);
    }
    while (!q->stopped && q->next < q->count) {
        int i = q->next++;
        odds_unlock(q);
        OddsStatus status = odds_one(q, &t, i);
        odds_lock(q);
        q->status[i] = status;
        q->solved[i] = 1;
        q->stopped |= status != ODDS_OK;
        odds_wake(q);
        if (report != NULL) {
            odds_unlock(q);
            int go_on = odds_report(q, report);
            odds_lock(q);
            q->halted |= !go_on;
            q->stopped |= !go_on;
        }
    }
    odds_unlock(q);
    odds_thread_free(&t);
}

/* A thread other than the caller's, taking starts until none is left. */
static void *
odds_worker(void *queue)
{
    OddsQueue *q = queue;
    odds_take(q, NULL);
    odds_lock(q);
    q->running--;
    odds_wake(q);
    odds_unlock(q);
    return NULL;
}

/* The caller's thread, once it takes no more starts: reports the others' answers as they
 * come, until every thread is done. */
static void
odds_await(OddsQueue *q, OddsReport *report)
{
    odds_lock(q);
    while (q->running > 0) {
        int i = report->reported;
        if (!q->halted && report->report && i < q->count && q->solved[i] &&
            q->status[i] == ODDS_OK) {
            odds_unlock(q);
            int go_on = odds_report(q, report);
            odds_lock(q);
            q->halted |= !go_on;
            q->stopped |= !go_on;
            continue;
        }
#if ODDS_THREADS
        pthread_cond_wait(&q->changed, &q->lock);
#endif
    }
    odds_unlock(q);
}

/* The curves of `count` start hands (3n+1, each fits the rules) into curves, 2 * (draws
 * + 1) per start, 3 * (draws + 1) with a worth (the expected score third), and the hands
 * each explored into states, on up to `threads` threads, which share one store of the
 * hands the starts meet; it starts afresh before a start once past `store_bytes`. The
 * answers do not depend on `threads` or `store_bytes`. Each start's answer goes to
 * `report`, in order, as soon as it and those before it are in. Stops at the first start
 * past max_states or out of memory, or when the report says so; *done: the starts
 * answered before it. */
OddsStatus
odds_run(const Rules *rules, int closed, int count, const uint8_t *starts,
         const uint8_t unseen[NUM_TILES], const uint8_t *caps, const OddsWorth *worth,
         int draws, int hand_changes, int shanten_back, int best, int max_states,
         size_t store_bytes, int threads, OddsReport *report, double *curves, int *states,
         int *done)
{
    OddsShared sh = {rules, unseen, {0}, 0, 0, hand_changes, shanten_back, 0, NULL, worth};
    int extra = hand_changes || shanten_back, wall = 0;
    uint64_t f = summary(starts);
    sh.with_closed = closed && TILES_OF(f) == 13;
    sh.sets = TILES_OF(f) / 3;
    for (int t = 0; t < NUM_TILES; t++) {
        wall += unseen[t];
        for (int i = 0; i < count; i++)
            if (starts[(size_t)i * NUM_TILES + t] > sh.cover[t])
                sh.cover[t] = starts[(size_t)i * NUM_TILES + t];
    }
    *done = 0;
    int *r0 = malloc((size_t)count * sizeof(int));
    OddsQueue q;
    memset(&q, 0, sizeof q);
    q.status = malloc((size_t)count * sizeof(OddsStatus));
    q.solved = calloc((size_t)count, 1);
    if (r0 == NULL || q.status == NULL || q.solved == NULL) {
        free(r0), free(q.status), free(q.solved);
        return ODDS_NO_MEMORY;
    }
    {
        Caps capped; /* the starts' distances under the caps, on this thread */
        if (caps)
            caps_init(&capped, rules, caps, sh.sets);
        for (int i = 0; i < count; i++) {
            const uint8_t *start = starts + (size_t)i * NUM_TILES;
            uint64_t fs = summary(start);
            r0[i] = caps ? caps_distance(&capped, start, fs, FORM_ALL, closed)
                         : row_distance(rules, start, fs, FORM_ALL, closed);
            int budget = odds_budget(best, extra, r0[i]);
            sh.budget = budget > sh.budget ? budget : sh.budget;
        }
        if (caps)
            caps_free(&capped);
    }
    q.sh = &sh, q.starts = starts, q.caps = caps, q.r0 = r0;
    q.count = count, q.best = best, q.extra = extra, q.max_states = max_states;
    q.sets = sh.sets, q.store_bytes = store_bytes;
    q.wall = wall, q.draws = draws, q.curves = curves, q.states = states;
    q.worth = worth, q.unseen = unseen;
    q.stride = (worth ? 3 : 2) * ((size_t)draws + 1);
    int workers = 0;
#if ODDS_THREADS
    pthread_t worker[ODDS_MAX_THREADS];
    threads = threads < count ? threads : count;
    threads = threads < ODDS_MAX_THREADS ? threads : ODDS_MAX_THREADS;
    if (threads > 1 && pthread_mutex_init(&q.lock, NULL) == 0) {
        if (pthread_cond_init(&q.changed, NULL) == 0)
            q.threaded = 1;
        else
            pthread_mutex_destroy(&q.lock);
    }
    sigset_t blocked, before;
    odds_async_signals(&blocked);
    /* the workers inherit the mask: set it around their start only */
    int masked = q.threaded && pthread_sigmask(SIG_BLOCK, &blocked, &before) == 0;
    odds_lock(&q);
    while (q.threaded && workers < threads - 1 &&
           pthread_create(&worker[workers], NULL, odds_worker, &q) == 0) {
        workers++; /* a thread that cannot start leaves its share to the others */
        q.running++;
    }
    odds_unlock(&q);
    if (masked)
        pthread_sigmask(SIG_SETMASK, &before, NULL);
#else
    (void)threads;
#endif
    odds_take(&q, report);
    odds_await(&q, report);
#if ODDS_THREADS
    for (int w = 0; w < workers; w++)
        pthread_join(worker[w], NULL);
    if (q.threaded) {
        pthread_cond_destroy(&q.changed);
        pthread_mutex_destroy(&q.lock);
        q.threaded = 0; /* one thread from here: no lock */
    }
#endif
    if (!q.halted && !odds_report(&q, report))
        q.halted = 1;
    /* every start taken is solved: those before a failed one were taken before it */
    while (*done < count && q.solved[*done] && q.status[*done] == ODDS_OK)
        ++*done;
    OddsStatus status = q.halted        ? ODDS_STOPPED
                        : *done < count ? q.status[*done]
                                        : ODDS_OK;
    odds_store_free(&q.store);
    free(q.status), free(q.solved), free(r0);
    return status;
}
