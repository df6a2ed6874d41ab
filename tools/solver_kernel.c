/* Compiled kernel of tools/solver.py: whole turns of every state of a list of filled
 * masks, vectorised over the upper subtotal (lane u = subtotal u: 0..63, or 0..127 for
 * a ruleset whose upper bonus is settled above 63, such as Kismet's top tier at 78).
 *
 * Built on first use by tools/cbuild.py (cc -O3) and called through ctypes, which
 * releases the GIL: several Python threads share one value array and take masks from
 * one atomic counter. The turn itself is solver_kernel_turn.h, in four variants, one
 * shared object each (a -D picks it, below), so a first table waits for the one it
 * needs: float (default inside a turn) or double (exact tests, --float64), each for 64
 * or 128 lanes (the value array's row of subtotals of one (mask, y)). Values between
 * turns are always double. Hold and roll indices are yahtzee_core's (holds by size, the 252 holds
 * of five dice last, in roll order).
 */
#include <stdint.h>
#include <stdlib.h>

#define N_ROLLS 252
#define N_HOLDS 462
#define N_SMALL (N_HOLDS - N_ROLLS) /* holds of fewer than five dice */
#define NEG (-1.0e9)

typedef struct {
    int32_t n_boxes, n_upper, fab, has_y, track_u, cap, n_stack, n_served;
    const int32_t *pos_start;   /* [253]: roll r's entries pos_start[r]..pos_start[r+1] */
    const int32_t *pos_box;     /*   box that scores points with roll r */
    const int32_t *pos_row;     /*   its stack row (box, points) */
    const int32_t *row_start;   /* [n_boxes + 1]: stack rows of box b */
    const int32_t *row_pts;     /* [n_stack]: points of each stack row */
    const int32_t *child;       /* [N_SMALL * 6]: the hold with one more die of face f */
    const int32_t *par_start;   /* [N_HOLDS + 1]: distinct holds with one die fewer */
    const int32_t *par;
    const double *roll_prob;    /* [252] */
    const int32_t *five_roll;   /* [6]: roll of each five-alike, in joker-table order */
    const int16_t *joker_pts;   /* [((mask * 2 + y) * 6 + f) * n_boxes + b], -1 = no */
    const int16_t *joker_bonus; /* [(mask * 2 + y) * 6 + f] */
    const uint8_t *special;     /* [mask * 2 + y]: five-alikes do not score plainly */
    const int32_t *lanes;       /* [64]: subtotals to solve per upper mask (max + 1) */
    const int32_t *upper_bonus; /* [cap + 1]: the upper bonus of a card at subtotal u */
    /* Served hands (Generala): rolls that score more in some box on the turn's first
     * roll. served_slot[roll] is its place s, served_face[s] its five-alike face or -1;
     * served_pts[s * n_boxes + b] the first-roll points of each box that gains (as on
     * an empty card; -1 = no gain); in special states a five-alike's first-roll points
     * come from joker_first_pts (indexed as joker_pts) instead. */
    const int32_t *served_slot; /* [252]: s of each roll, -1 if not served */
    const int32_t *served_face;
    const int16_t *served_pts, *joker_first_pts;
} Tables;

/* Next upper subtotal and the bonus paid for p points in an upper box at subtotal u
 * (the difference of the card's upper bonus, tiers included). */
static inline int next_upper(const Tables *t, int u, int p, double *bonus)
{
    int s = u + p;
    if (s > t->cap)
        s = t->cap;
    *bonus = t->upper_bonus[s] - t->upper_bonus[u];
    return s;
}

#define INLINE static inline __attribute__((always_inline))

/* Vectors as wide as the CPU's registers (GCC/Clang vector extensions), and the one
   max instruction (a > b ? a : b) where there is one. */
#if defined(__AVX512F__)
#include <immintrin.h>
#define VBYTES 64
#define MAX_F32(a, b) _mm512_max_ps((__m512)(a), (__m512)(b))
#define MAX_F64(a, b) _mm512_max_pd((__m512d)(a), (__m512d)(b))
#elif defined(__AVX__)
#include <immintrin.h>
#define VBYTES 32
#define MAX_F32(a, b) _mm256_max_ps((__m256)(a), (__m256)(b))
#define MAX_F64(a, b) _mm256_max_pd((__m256d)(a), (__m256d)(b))
#elif defined(__SSE2__)
#include <immintrin.h>
#define VBYTES 16
#define MAX_F32(a, b) _mm_max_ps((__m128)(a), (__m128)(b))
#define MAX_F64(a, b) _mm_max_pd((__m128d)(a), (__m128d)(b))
#else
#define VBYTES 16
#endif

typedef float vec_f32 __attribute__((vector_size(VBYTES)));
typedef int32_t mask_f32 __attribute__((vector_size(VBYTES)));
typedef double vec_f64 __attribute__((vector_size(VBYTES)));
typedef int64_t mask_f64 __attribute__((vector_size(VBYTES)));

/* One variant per shared object (tools/solver.py builds the one a solve needs, on first
   use): -DKERNEL_F64 for double inside a turn (else float), -DKERNEL_LANES=128 for 128
   upper subtotals (else 64). Its entry points keep the variant in their names. */
#ifndef KERNEL_LANES
#define KERNEL_LANES 64
#endif
#define LANES KERNEL_LANES          /* upper subtotals, one per lane; row stride */
#ifdef KERNEL_F64
#define REAL double
#define VREAL vec_f64
#define VMASK mask_f64
#ifdef MAX_F64
#define VMAX_NATIVE MAX_F64
#endif
#if KERNEL_LANES == 64
#define FN(name) name##_f64
#else
#define FN(name) name##_f64_l128
#endif
#else
#define REAL float
#define VREAL vec_f32
#define VMASK mask_f32
#ifdef MAX_F32
#define VMAX_NATIVE MAX_F32
#endif
#if KERNEL_LANES == 64
#define FN(name) name##_f32
#else
#define FN(name) name##_f32_l128
#endif
#endif
#include "solver_kernel_turn.h"
