/* One turn of the solver for REAL = float or double and LANES = 64 or 128 (included
 * once per shared object by solver_kernel.c, which defines LANES, REAL, VREAL: a vector of VL
 * REALs, VMASK and FN). Arrays of holds are [hold][NV vectors]: lane u is upper
 * subtotal u; only the first nv vectors (the mask's reachable subtotals) are computed.
 * The value array V holds state (mask, y, u) at (mask * 2 + y) * LANES + u. */

#define VL ((int)(sizeof(VREAL) / sizeof(REAL)))
#define NV (LANES / VL)

static inline VREAL FN(vmax)(VREAL a, VREAL b)
{
#ifdef VMAX_NATIVE
    return (VREAL)VMAX_NATIVE(a, b);
#else
    VMASK m = a > b;
    return (VREAL)((m & (VMASK)a) | (~m & (VMASK)b));
#endif
}

/* Rows of the final roll: rows[k] = points of stack row k (a box and its points)
 * plus bonuses plus the next state's value; zero = the best box filled with 0. */
INLINE void FN(box_rows)(const Tables *t, int64_t mask, int y, int nv, const double *V,
                        VREAL *rows, VREAL *zero)
{
    int width = nv * VL;
    REAL *z = (REAL *)zero;
    for (int l = 0; l < width; l++)
        z[l] = (REAL)NEG;
    for (int b = 0; b < t->n_boxes; b++) {
        if (mask >> b & 1)
            continue;
        int64_t nm = mask | ((int64_t)1 << b);
        int is_fab = b == t->fab;
        /* filled with 0 the five-alike flag is 0; filled with points it records them */
        const double *vz = V + (nm << 1 | (is_fab ? 0 : y)) * LANES;
        const double *vp = V + (nm << 1 | (is_fab ? t->has_y : y)) * LANES;
        int upper = b < t->n_upper && t->track_u;
        for (int l = 0; l < width; l++) {
            REAL v = (REAL)vz[l];
            z[l] = v > z[l] ? v : z[l];
        }
        for (int k = t->row_start[b]; k < t->row_start[b + 1]; k++) {
            int p = t->row_pts[k];
            REAL *row = (REAL *)(rows + (size_t)k * NV);
            if (upper) {
                for (int l = 0; l < width; l++) {
                    double bonus;
                    int nu = next_upper(t, l, p, &bonus);
                    row[l] = (REAL)(p + bonus + vp[nu]);
                }
            } else {
                for (int l = 0; l < width; l++)
                    row[l] = (REAL)(p + vp[l]);
            }
        }
    }
}

/* best[l] = max over the open boxes b that box_pts allows (>= 0) of box_pts[b], the
 * upper bonus it crosses and the next state's value (kept where none is allowed). */
INLINE void FN(best_fill)(const Tables *t, int64_t mask, int y, int width, const double *V,
                         const int16_t *box_pts, double *best)
{
    for (int b = 0; b < t->n_boxes; b++) {
        int p = box_pts[b];
        if (p < 0 || (mask >> b & 1))
            continue;
        int64_t nm = mask | ((int64_t)1 << b);
        int ny = (b == t->fab && t->has_y) ? (p > 0) : y;
        const double *v = V + (nm << 1 | ny) * LANES;
        int upper = b < t->n_upper && t->track_u;
        for (int l = 0; l < width; l++) {
            double bonus = 0;
            int nu = upper ? next_upper(t, l, p, &bonus) : l;
            double x = p + bonus + v[nu];
            best[l] = x > best[l] ? x : best[l];
        }
    }
}

/* Values of the six five-alike rolls from the Joker table (states where they differ
 * from plain scoring), into the roll rows of A. */
INLINE void FN(five_alike)(const Tables *t, int64_t mask, int y, int nv, const double *V,
                          VREAL *A)
{
    double best[LANES];
    int nb = t->n_boxes, width = nv * VL;
    for (int f = 0; f < 6; f++) {
        int64_t k = (mask * 2 + y) * 6 + f;
        for (int l = 0; l < width; l++)
            best[l] = NEG;
        FN(best_fill)(t, mask, y, width, V, t->joker_pts + k * nb, best);
        double jb = t->joker_bonus[k];
        REAL *a = (REAL *)(A + (size_t)(N_SMALL + t->five_roll[f]) * NV);
        for (int l = 0; l < width; l++)
            a[l] = (REAL)(best[l] + jb);
    }
}

/* Values of the served rolls scored at once after the turn's first roll (their best
 * box at its first-roll points), into S[s] (NEG where no open box gains). Only the
 * boxes that score more than after a later roll are listed: the others are worth no
 * more than keeping all five dice, which the holds already count. */
INLINE void FN(served)(const Tables *t, int64_t mask, int y, int nv, const double *V,
                      VREAL *S)
{
    double best[LANES];
    int nb = t->n_boxes, width = nv * VL;
    int special = t->special[mask * 2 + y];
    for (int s = 0; s < t->n_served; s++) {
        for (int l = 0; l < width; l++)
            best[l] = NEG;
        int f = t->served_face[s];
        if (f >= 0 && special) {
            int64_t k = (mask * 2 + y) * 6 + f;
            FN(best_fill)(t, mask, y, width, V, t->joker_first_pts + k * nb, best);
            for (int l = 0; l < width; l++)
                best[l] += t->joker_bonus[k];
        } else {
            FN(best_fill)(t, mask, y, width, V, t->served_pts + (size_t)s * nb, best);
        }
        REAL *o = (REAL *)(S + (size_t)s * NV);
        for (int l = 0; l < width; l++)
            o[l] = (REAL)best[l];
    }
}

/* Every hold of fewer than five dice: the mean over the next die's six faces. */
INLINE void FN(expect)(const Tables *t, VREAL *A, int nv)
{
    const REAL six = 6;
    for (int h = N_SMALL - 1; h >= 0; h--) {   /* children are larger holds: done first */
        const int32_t *c = t->child + h * 6;
        const VREAL *c0 = A + (size_t)c[0] * NV, *c1 = A + (size_t)c[1] * NV,
                    *c2 = A + (size_t)c[2] * NV, *c3 = A + (size_t)c[3] * NV,
                    *c4 = A + (size_t)c[4] * NV, *c5 = A + (size_t)c[5] * NV;
        VREAL *o = A + (size_t)h * NV;
        for (int v = 0; v < nv; v++)
            o[v] = (((((c0[v] + c1[v]) + c2[v]) + c3[v]) + c4[v]) + c5[v]) / six;
    }
}

/* The best hold inside each hold (itself included): B[h] for the holds of fewer than
 * five dice; for the rolls, into R (A itself after the first roll, whose roll rows
 * are then no longer needed), or, better of it and the served value S[s] of a served
 * roll (scored at once), added into sum with the roll probabilities. */
INLINE void FN(best_inside)(const Tables *t, const VREAL *A, VREAL *B, VREAL *R,
                           const VREAL *S, double *sum, int nv)
{
    for (int h = 0; h < N_HOLDS; h++) {   /* sub-holds are smaller: done first */
        const int32_t *p = t->par + t->par_start[h];
        int np = t->par_start[h + 1] - t->par_start[h];
        const VREAL *a = A + (size_t)h * NV;
        VREAL best[NV];                 /* nv independent chains: kept in registers */
        for (int v = 0; v < nv; v++)
            best[v] = a[v];
        for (int j = 0; j < np; j++)
            for (int v = 0; v < nv; v++)
                best[v] = FN(vmax)(best[v], B[(size_t)p[j] * NV + v]);
        if (h < N_SMALL || R) {
            VREAL *o = (h < N_SMALL ? B : R) + (size_t)h * NV;
            for (int v = 0; v < nv; v++)
                o[v] = best[v];
        } else {
            int s = S ? t->served_slot[h - N_SMALL] : -1;
            if (s >= 0)
                for (int v = 0; v < nv; v++)
                    best[v] = FN(vmax)(best[v], S[(size_t)s * NV + v]);
            const REAL *x = (const REAL *)best;
            double pr = t->roll_prob[h - N_SMALL];
            for (int l = 0; l < nv * VL; l++)
                sum[l] += pr * (double)x[l];
        }
    }
}

/* A's values as doubles, [hold][LANES] (for turn_holds). */
static void FN(copy_holds)(const VREAL *A, double *holds, int nv)
{
    for (int h = 0; h < N_HOLDS; h++) {
        const REAL *a = (const REAL *)(A + (size_t)h * NV);
        for (int l = 0; l < nv * VL; l++)
            holds[(size_t)h * LANES + l] = a[l];
    }
}

/* Expected remaining score of the states (mask, y, u), u < nv * VL, into out; the roll
 * rows use the per-mask list of open boxes' stack rows (ent_start, ent_row). */
INLINE void FN(turn)(
    const Tables *t, int64_t mask, int y, int nv, const double *V,
    const int32_t *ent_start, const int32_t *ent_row, VREAL *A, VREAL *B, VREAL *rows,
    VREAL *S, double *out, double *holds)
{
    VREAL *zero = rows + (size_t)t->n_stack * NV;
    FN(box_rows)(t, mask, y, nv, V, rows, zero);
    for (int r = 0; r < N_ROLLS; r++) {
        const int32_t *e = ent_row + ent_start[r];
        int n = ent_start[r + 1] - ent_start[r];
        VREAL *a = A + (size_t)(N_SMALL + r) * NV;
        VREAL acc[NV];
        for (int v = 0; v < nv; v++)
            acc[v] = zero[v];
        for (int k = 0; k < n; k++)
            for (int v = 0; v < nv; v++)
                acc[v] = FN(vmax)(acc[v], rows[(size_t)e[k] * NV + v]);
        for (int v = 0; v < nv; v++)
            a[v] = acc[v];
    }
    if (t->special[mask * 2 + y])
        FN(five_alike)(t, mask, y, nv, V, A);
    if (t->n_served)
        FN(served)(t, mask, y, nv, V, S);
    for (int l = 0; l < nv * VL; l++)
        out[l] = 0;
    FN(expect)(t, A, nv);                       /* one roll left */
    if (holds)
        FN(copy_holds)(A, holds, nv);
    FN(best_inside)(t, A, B, A, NULL, out, nv);
    FN(expect)(t, A, nv);                       /* two rolls left */
    if (holds)
        FN(copy_holds)(A, holds + (size_t)N_HOLDS * LANES, nv);
    FN(best_inside)(t, A, B, NULL, t->n_served ? S : NULL, out, nv);
}

/* The stack rows of each roll's open positive-scoring boxes, for one mask. */
static void FN(open_rows)(const Tables *t, int64_t mask, int32_t *ent_start,
                          int32_t *ent_row)
{
    int ne = 0;
    for (int r = 0; r < N_ROLLS; r++) {
        ent_start[r] = ne;
        for (int k = t->pos_start[r]; k < t->pos_start[r + 1]; k++) {
            ent_row[ne] = t->pos_row[k];                /* kept when the box is open */
            ne += !(mask >> t->pos_box[k] & 1);
        }
    }
    ent_start[N_ROLLS] = ne;
}

/* Solve every state of masks[i] for the i taken from *next (shared by the threads
 * solving one layer) until none is left; values go to V. 0 = done, -1 = no memory. */
int FN(solve_masks)(const Tables *t, const int64_t *masks, int64_t n, int64_t *next,
                    double *V)
{
    size_t hold_bytes = (size_t)N_HOLDS * NV * sizeof(VREAL);
    size_t row_bytes = (size_t)(t->n_stack + 1) * NV * sizeof(VREAL);
    VREAL *A = aligned_alloc(64, hold_bytes);
    VREAL *B = aligned_alloc(64, hold_bytes);
    VREAL *rows = aligned_alloc(64, row_bytes);
    VREAL *S = aligned_alloc(64, (size_t)(t->n_served + 1) * NV * sizeof(VREAL));
    int32_t *ent_row = malloc(sizeof(int32_t) * (t->pos_start[N_ROLLS] + 1));
    int32_t ent_start[N_ROLLS + 1];
    double out[LANES];
    int ok = A && B && rows && S && ent_row;
    while (ok) {
        int64_t i = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
        if (i >= n)
            break;
        int64_t mask = masks[i];
        FN(open_rows)(t, mask, ent_start, ent_row);
        int L = t->lanes[mask & 63];
        int nv = (L + VL - 1) / VL;             /* lanes past L: unreachable subtotals */
        int ys = (t->has_y && (mask >> t->fab & 1)) ? 2 : 1;
        for (int y = 0; y < ys; y++) {
#if LANES == 64
            switch (nv) {               /* a copy per vector count: loops unrolled */
#define TURN(k) case k: if (k <= NV) FN(turn)(t, mask, y, k, V, ent_start, ent_row, \
                                             A, B, rows, S, out, NULL); break
            TURN(1); TURN(2); TURN(3); TURN(4); TURN(5); TURN(6); TURN(7); TURN(8);
            TURN(9); TURN(10); TURN(11); TURN(12); TURN(13); TURN(14); TURN(15); TURN(16);
#undef TURN
            default:                    /* more vectors (doubles in 16 bytes): a loop */
                if (NV > 16 && nv <= NV)
                    FN(turn)(t, mask, y, nv, V, ent_start, ent_row, A, B, rows, S, out,
                             NULL);
            }
#else
            /* 128 lanes (Kismet alone): one copy with a loop over the vectors, which
               compiles in a fraction of the unrolled copies' time */
            FN(turn)(t, mask, y, nv, V, ent_start, ent_row, A, B, rows, S, out, NULL);
#endif
            double *v = V + (mask << 1 | y) * LANES;
            for (int l = 0; l < L; l++)
                v[l] = out[l];
        }
    }
    free(A);
    free(B);
    free(rows);
    free(S);
    free(ent_row);
    return ok ? 0 : -1;
}

/* One state's turn in detail: holds[0] = every hold's value with one roll left (a
 * roll's own row: its value after the last roll), holds[1] = with two rolls left (a
 * roll's row: its value with one roll left); [stage][hold][LANES] doubles, for the
 * subtotals of the mask; out[u] = the states' values (served rolls scored at once
 * included, which holds do not show). 0 = done, -1 = no memory. */
int FN(turn_holds)(const Tables *t, int64_t mask, int y, const double *V, double *out,
                   double *holds)
{
    size_t hold_bytes = (size_t)N_HOLDS * NV * sizeof(VREAL);
    VREAL *A = aligned_alloc(64, hold_bytes);
    VREAL *B = aligned_alloc(64, hold_bytes);
    VREAL *rows = aligned_alloc(64, (size_t)(t->n_stack + 1) * NV * sizeof(VREAL));
    VREAL *S = aligned_alloc(64, (size_t)(t->n_served + 1) * NV * sizeof(VREAL));
    int32_t *ent_row = malloc(sizeof(int32_t) * (t->pos_start[N_ROLLS] + 1));
    int32_t ent_start[N_ROLLS + 1];
    int ok = A && B && rows && S && ent_row;
    if (ok) {
        FN(open_rows)(t, mask, ent_start, ent_row);
        int nv = (t->lanes[mask & 63] + VL - 1) / VL;
        FN(turn)(t, mask, y, nv, V, ent_start, ent_row, A, B, rows, S, out, holds);
    }
    free(A);
    free(B);
    free(rows);
    free(S);
    free(ent_row);
    return ok ? 0 : -1;
}

#undef VL
#undef NV
#undef LANES
#undef REAL
#undef VREAL
#undef VMASK
#undef FN
#undef VMAX_NATIVE
