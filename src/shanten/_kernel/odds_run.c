/*
 * The discard odds of many start hands: their graphs built one after another on a shared
 * store, by the calling thread, and solved as they come by a few threads (POSIX threads
 * where there are), each start's answer reported in order as soon as it is in. A thread
 * with no graph to solve helps the builder work out the hands of the graph it builds.
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

/* The hands a helper takes at a time; a task of fewer than ODDS_HELP_LEAST (odds.h) the
 * builder runs alone (waking a thread would cost more). */
#define ODDS_HELP_CHUNK 8

/* The starts' graphs in flight. The calling thread builds them in order (the store is
 * its own) and publishes each; every thread, the caller included, solves the published
 * graphs in order. When more than `ahead` wait, the builder solves one itself, so that
 * few graphs are alive at once, and with no other thread it solves each as it is
 * built. While it builds, the builder may post a task (odds_help), which the threads
 * waiting for a graph take a chunk at a time. */
struct OddsQueue {
    OddsGraph *graphs;  /* per start */
    OddsStatus *status; /* per start, once solved */
    uint8_t *solved;    /* per start: its curves are in */
    int wall, draws, ahead;
    const OddsWorth *worth; /* with one, a third curve: the expected score */
    const uint8_t *unseen;
    double *curves;     /* `stride` per start */
    size_t stride;
    int built;    /* graphs published */
    int closed;   /* no more will be */
    int next;     /* the next graph to solve */
    int stopped;  /* take no more */
    int threaded; /* the lock and the conditions are set up */
    void (*task)(void *, int); /* the task posted, run for each i < task_count */
    void *context;
    int task_next, task_count, task_done;
#if ODDS_THREADS
    pthread_mutex_t lock;
    pthread_cond_t published; /* a graph, a task, or the end */
    pthread_cond_t helped;    /* the task's last chunk is done */
#endif
};

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

/* Graph i's curves, into its slot; the graph is freed. The expected score comes after
 * the two objectives, whose values are freed by then. */
static void
odds_solve_one(OddsQueue *q, int i)
{
    double *curves = q->curves + (size_t)i * q->stride;
    q->status[i] = odds_curves(&q->graphs[i], q->wall, q->draws, curves);
    if (q->worth && q->status[i] == ODDS_OK)
        q->status[i] = odds_score(&q->graphs[i], q->worth, q->unseen, q->wall, q->draws,
                                  curves + 2 * ((size_t)q->draws + 1));
    odds_graph_free(&q->graphs[i]);
    odds_lock(q);
    q->solved[i] = 1;
    odds_unlock(q);
}

#if ODDS_THREADS
/* Runs the posted task's next chunk. The lock is held, and free while the chunk runs. */
static void
odds_help_chunk(OddsQueue *q)
{
    int from = q->task_next;
    int to = from + ODDS_HELP_CHUNK < q->task_count ? from + ODDS_HELP_CHUNK : q->task_count;
    void (*task)(void *, int) = q->task;
    void *context = q->context;
    q->task_next = to;
    odds_unlock(q);
    for (int i = from; i < to; i++)
        task(context, i);
    odds_lock(q);
    q->task_done += to - from;
    if (q->task_done == q->task_count)
        pthread_cond_signal(&q->helped);
}
#endif

void
odds_help(OddsQueue *q, void (*task)(void *, int), void *context, int count)
{
    if (!ODDS_THREADS || q == NULL || !q->threaded || count < ODDS_HELP_LEAST) {
        for (int i = 0; i < count; i++)
            task(context, i);
        return;
    }
#if ODDS_THREADS
    odds_lock(q);
    q->task = task, q->context = context;
    q->task_next = q->task_done = 0, q->task_count = count;
    pthread_cond_broadcast(&q->published);
    while (q->task_next < q->task_count)
        odds_help_chunk(q);
    while (q->task_done < q->task_count) /* the chunks others took */
        pthread_cond_wait(&q->helped, &q->lock);
    q->task_next = q->task_done = q->task_count = 0;
    odds_unlock(q);
#endif
}

/* The next graph to solve, waiting for one while more may come, and helping with the
 * task posted meanwhile; -1 when none is left. The lock is held. */
static int
odds_take(OddsQueue *q)
{
    while (q->next == q->built && !q->closed && !q->stopped) {
#if ODDS_THREADS
        if (q->task_next < q->task_count)
            odds_help_chunk(q);
        else
            pthread_cond_wait(&q->published, &q->lock);
#else
        return -1; /* never: one thread has built what it solves */
#endif
    }
    return q->next < q->built && !q->stopped ? q->next++ : -1;
}

/* Reports the starts whose curves are in, in order from the first not reported; 0 when
 * the report asks to stop. Called by the thread that builds, with the lock free. */
static int
odds_report(OddsQueue *q, OddsReport *r)
{
    if (r->report == NULL)
        return 1;
    for (;;) {
        odds_lock(q);
        int i = r->reported, ready = i < q->built && q->solved[i];
        odds_unlock(q);
        if (!ready || q->status[i] != ODDS_OK)
            return 1;
        if (!r->report(r->context, i))
            return 0;
        r->reported++;
    }
}

/* Solves graphs until none is left; with a report (the builder's), reports the answers
 * in after each, and stops the queue when the report says so: 0 then. */
static int
odds_solve_rest(OddsQueue *q, OddsReport *report)
{
    int go_on = 1;
    odds_lock(q);
    for (int i; go_on && (i = odds_take(q)) >= 0;) {
        odds_unlock(q);
        odds_solve_one(q, i);
        go_on = report == NULL || odds_report(q, report);
        odds_lock(q);
        q->stopped |= !go_on;
    }
    odds_unlock(q);
    return go_on;
}

#if ODDS_THREADS
/* A thread that solves graphs until none is left. */
static void *
odds_worker(void *queue)
{
    odds_solve_rest(queue, NULL);
    return NULL;
}
#endif

/* The curves of `count` start hands (3n+1, each fits the rules) into curves, 2 * (draws
 * + 1) per start, 3 * (draws + 1) with a worth (the expected score third), and the hands
 * each explored into states, on up to `threads` threads;
 * the starts share one store of hands, which starts afresh before a start once past
 * `store_bytes`. The answers do not depend on `threads` or `store_bytes`. Each start's
 * answer goes to `report`, in order, as soon as it and those before it are in. Stops at
 * the first start past max_states or out of memory, or when the report says so; *done:
 * the starts answered before it. */
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
    Caps capped;
    if (caps) {
        caps_init(&capped, rules, caps, sh.sets);
        sh.caps = &capped;
    }
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
    q.graphs = calloc((size_t)count, sizeof(OddsGraph));
    q.status = malloc((size_t)count * sizeof(OddsStatus));
    q.solved = calloc((size_t)count, 1);
    q.wall = wall, q.draws = draws, q.curves = curves;
    q.worth = worth, q.unseen = unseen;
    q.stride = (worth ? 3 : 2) * ((size_t)draws + 1);
    if (r0 == NULL || q.graphs == NULL || q.status == NULL || q.solved == NULL) {
        free(r0), free(q.graphs), free(q.status), free(q.solved);
        if (sh.caps)
            caps_free(sh.caps);
        return ODDS_NO_MEMORY;
    }
    for (int i = 0; i < count; i++) {
        const uint8_t *start = starts + (size_t)i * NUM_TILES;
        uint64_t fs = summary(start);
        r0[i] = sh.caps ? caps_distance(sh.caps, start, fs, FORM_ALL, closed)
                        : row_distance(rules, start, fs, FORM_ALL, closed);
        int budget = odds_budget(best, extra, r0[i]);
        sh.budget = budget > sh.budget ? budget : sh.budget;
    }
    int workers = 0;
#if ODDS_THREADS
    pthread_t worker[ODDS_MAX_THREADS];
    threads = threads < count ? threads : count;
    threads = threads < ODDS_MAX_THREADS ? threads : ODDS_MAX_THREADS;
    if (threads > 1 && pthread_mutex_init(&q.lock, NULL) == 0) {
        if (pthread_cond_init(&q.published, NULL) != 0)
            pthread_mutex_destroy(&q.lock);
        else if (pthread_cond_init(&q.helped, NULL) != 0) {
            pthread_cond_destroy(&q.published);
            pthread_mutex_destroy(&q.lock);
        } else
            q.threaded = 1;
    }
    sigset_t blocked, before;
    odds_async_signals(&blocked);
    /* the workers inherit the mask: set it around their start only */
    int masked = q.threaded && pthread_sigmask(SIG_BLOCK, &blocked, &before) == 0;
    while (q.threaded && workers < threads - 1 &&
           pthread_create(&worker[workers], NULL, odds_worker, &q) == 0)
        workers++; /* a thread that cannot start leaves its share to the others */
    if (masked)
        pthread_sigmask(SIG_SETMASK, &before, NULL);
#else
    (void)threads;
#endif
    q.ahead = workers;
    OddsStore st;
    /* batches only where other threads can help: not under the caps, which one reads */
    OddsLocal local = {NULL, 0, NULL, workers > 0 && !sh.caps ? ODDS_BATCH : 1};
    OddsStatus status = ODDS_OK;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < count && status == ODDS_OK; i++) {
        if (st.slot == NULL || odds_store_bytes(&st) > store_bytes) {
            odds_store_free(&st);
            if (!odds_rehash(&st, 1024)) {
                status = ODDS_NO_MEMORY;
                break;
            }
        }
        OddsGraph *g = &q.graphs[i];
        status = odds_build(g, &st, &sh, &local, &q, starts + (size_t)i * NUM_TILES, r0[i],
                            odds_budget(best, extra, r0[i]), max_states);
        states[i] = g->n;
        for (int s = 0; s < g->n; s++)
            local.of[g->id[s]] = -1;
        if (status != ODDS_OK) {
            odds_graph_free(g);
            break;
        }
        odds_lock(&q);
        q.built = i + 1;
#if ODDS_THREADS
        if (q.threaded)
            pthread_cond_signal(&q.published);
#endif
        while (q.built - q.next > q.ahead) {
            int j = q.next++;
            odds_unlock(&q);
            odds_solve_one(&q, j);
            odds_lock(&q);
        }
        odds_unlock(&q);
        if (!odds_report(&q, report)) {
            status = ODDS_STOPPED;
            break;
        }
    }
    odds_store_free(&st);
    free(local.of), free(local.work);
    if (sh.caps)
        caps_free(sh.caps); /* the graphs are built: nothing reads the caps from here */
    odds_lock(&q);
    q.closed = 1;
    q.stopped = status == ODDS_STOPPED;
#if ODDS_THREADS
    if (q.threaded)
        pthread_cond_broadcast(&q.published);
#endif
    odds_unlock(&q);
    /* what is left: solve in turn with the others, reporting as the answers come */
    if (!odds_solve_rest(&q, report))
        status = ODDS_STOPPED;
#if ODDS_THREADS
    for (int w = 0; w < workers; w++)
        pthread_join(worker[w], NULL);
    if (q.threaded) {
        pthread_cond_destroy(&q.helped);
        pthread_cond_destroy(&q.published);
        pthread_mutex_destroy(&q.lock);
        q.threaded = 0; /* one thread from here: no lock */
    }
#endif
    if (status != ODDS_STOPPED && !odds_report(&q, report))
        status = ODDS_STOPPED;
    while (*done < q.built && q.solved[*done] && q.status[*done] == ODDS_OK)
        ++*done;
    if (status != ODDS_STOPPED && *done < q.built)
        status = q.status[*done];
    for (int i = 0; i < q.built; i++) /* those left unsolved when stopped */
        odds_graph_free(&q.graphs[i]);
    free(q.graphs), free(q.status), free(q.solved), free(r0);
    return status;
}
