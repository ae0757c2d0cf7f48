// SPDX-License-Identifier: MIT
// The documented dense family used for models known only by their parameter count
// (docs/presets.md): Llama-style decoder, SwiGLU MLP, heads of 128, kv heads = heads,
// FFN = 8/3 x hidden rounded to 256, 32000-token vocabulary, 4096 tokens, untied head.
// Hidden starts from the aspect ratio layers = hidden / 128 (Llama-2 7B/13B, Llama-3 405B sit on
// it); layers (then hidden, in steps of 128) are adjusted until the count is within 1 %.
#pragma once

#include "core/plan/plan.h"

namespace fourfold::core::detail {

inline constexpr int kFamilyHeadDim = 128;
inline constexpr int kFamilyVocab = 32000;
inline constexpr int kFamilySequence = 4096;
inline constexpr int kFamilyFfnMultiple = 256;
inline constexpr int kFamilyMaxLayers = 100000;

// The family's FFN width for a hidden size: 8/3 x hidden rounded to a multiple of 256.
[[nodiscard]] int familyFfnHidden(int hidden);

// Parameters of a dense, untied SwiGLU decoder with kv heads = heads (the family's shape):
// L x (4h^2 + 3hf + 2h) + 2Vh + h (attention, MLP and two norms per layer; embedding, head and
// the final norm). Double arithmetic, so absurd shapes cannot overflow.
[[nodiscard]] double familyParameterCount(int layers, int hidden, int ffnHidden, int vocab);

// The family's shape closest to `parameters` (within 2 % from 1e8 to 2e12, see the tests).
// Absurd input (NaN, <= 0, > 1e15) yields the nearest sane shape; spec.parameters is left 0.
[[nodiscard]] ModelSpec familyShape(double parameters);

}  // namespace fourfold::core::detail
