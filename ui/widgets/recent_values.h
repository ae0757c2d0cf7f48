// SPDX-License-Identifier: GPL-3.0-or-later
// A few values kept by key, the most recently used first. A slider drag goes back and forth over
// the same few values, so what a widget measured or drew for one of them (a text's width, its
// wrapped form, a row's pixels) is asked for again a few steps later: the last value alone is
// seldom the one asked for.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace fourfold::ui {

template <typename Key, typename Value, std::size_t Capacity>
class RecentValues {
public:
    // The value kept for `key` (now the most recent), or nullptr.
    [[nodiscard]] Value* find(const Key& key) {
        const auto kept = std::find_if(entries_.begin(), entries_.end(),
                                       [&key](const Entry& entry) { return entry.first == key; });
        if (kept == entries_.end()) return nullptr;
        std::rotate(entries_.begin(), kept, kept + 1);
        return &entries_.front().second;
    }
    // Keeps `value` for `key` as the most recent; the least recent goes when all are taken.
    Value& add(Key key, Value value) {
        if (entries_.size() >= Capacity) entries_.pop_back();
        entries_.insert(entries_.begin(), {std::move(key), std::move(value)});
        return entries_.front().second;
    }
    // The value kept for `key`, else `make()`'s, kept.
    template <typename Make>
    Value& get(const Key& key, Make&& make) {
        if (Value* kept = find(key)) return *kept;
        return add(key, std::forward<Make>(make)());
    }
    void clear() { entries_.clear(); }

private:
    using Entry = std::pair<Key, Value>;
    std::vector<Entry> entries_;
};

}  // namespace fourfold::ui
