// A small driver for mahjong-cpp's ExpectedScoreCalculator (何切る calculator), used by the
// shanten project's discard-odds benchmark (benchmarks/odds.py) to time it and read its
// tenpai and win probabilities beside ours.
//
// Input (stdin): one hand per line, mpsz ("123m456p789s1122z3p"), optionally followed by
// key=value overrides: draws=N tegawari=0|1 shanten_down=0|1 red=0|1.  Blank lines and lines
// starting with '#' are skipped.
// Options: --draws N (17), --tegawari 0|1 (1), --shanten-down 0|1 (1), --red 0|1 (1),
//          --repeats N (3), --max-shanten N (3: the calculator's own server refuses above 3).
// Output (stdout): one JSON object per hand.  The calculator counts turns t = t_min..t_max
// with t_min = 1 and t_max = t_min + draws; its vectors are indexed by the turn the hand is
// at, so "prob[t]" is the chance of success by turn t_max starting from turn t.  We print
// them in the reading "[k] = starting k draws before the end", i.e. out[k] = prob[t_max - k],
// k = 0..draws; out[draws] is the figure for the hand as it stands.
// Time: steady_clock around ExpectedScoreCalculator::calc, best of the repeats, in ms.
// Single thread (built without OpenMP).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "mahjong/mahjong.hpp"

using namespace mahjong;

namespace
{

struct Options
{
    int draws = 17;
    bool tegawari = true;
    bool shanten_down = true;
    bool red = true;
    int repeats = 3;
    int max_shanten = 3;
};

std::string tile_name(const int tile)
{
    static const char suits[] = {'m', 'p', 's', 'z'};
    if (tile >= 34) {
        return std::string("0") + suits[tile - 34];
    }
    return std::to_string(tile % 9 + 1) + suits[tile / 9];
}

std::string json_vector(const std::vector<double> &values, const int t_min, const int t_max)
{
    std::ostringstream out;
    out.precision(17);
    out << '[';
    for (int k = 0; k <= t_max - t_min; ++k) {
        if (k) {
            out << ',';
        }
        const int t = t_max - k;
        out << (t < static_cast<int>(values.size()) ? values[t] : 0.0);
    }
    out << ']';
    return out.str();
}

bool parse_flag(const std::string &value)
{
    return value == "1" || value == "true";
}

bool apply_option(Options &opt, const std::string &key, const std::string &value)
{
    if (key == "draws") {
        opt.draws = std::stoi(value);
    }
    else if (key == "tegawari") {
        opt.tegawari = parse_flag(value);
    }
    else if (key == "shanten_down") {
        opt.shanten_down = parse_flag(value);
    }
    else if (key == "red") {
        opt.red = parse_flag(value);
    }
    else if (key == "repeats") {
        opt.repeats = std::stoi(value);
    }
    else if (key == "max_shanten") {
        opt.max_shanten = std::stoi(value);
    }
    else {
        return false;
    }
    return true;
}

void run_hand(const std::string &mpsz, const Options &opt)
{
    TableConfig table_config;
    table_config.rule_flags = RuleFlag::Default;
    table_config.game_mode = GameMode::Yonma;

    RoundState round;
    round.round_wind = Tile::East;
    round.round_number = 1;
    round.honba = 0;

    TableState table; // no dora indicator: nothing seen but the hand

    PlayerState player;
    player.hand = from_mpsz(mpsz);
    player.seat_wind = Tile::East;

    ExpectedScoreCalculator::Config config; // its defaults, less what we set
    config.t_min = 1;
    config.t_max = config.t_min + opt.draws;
    config.enable_tegawari = opt.tegawari;
    config.enable_shanten_down = opt.shanten_down;
    config.enable_reddora = opt.red;
    const MergedCount wall = create_wall(table_config, table, player, config.enable_reddora);
    config.sum = std::accumulate(wall.begin(), wall.begin() + 34, 0);

    const int shanten = std::get<1>(ShantenCalculator::calc(
        player.hand, player.num_melds(), config.shanten_type, table_config.game_mode));

    std::ostringstream out;
    out.precision(17);
    out << "{\"hand\":\"" << mpsz << "\",\"tiles\":" << player.num_tiles()
        << ",\"draws\":" << opt.draws << ",\"t_min\":" << config.t_min
        << ",\"t_max\":" << config.t_max << ",\"tegawari\":" << opt.tegawari
        << ",\"shanten_down\":" << opt.shanten_down << ",\"red\":" << opt.red
        << ",\"extra\":" << config.extra << ",\"sum\":" << config.sum
        << ",\"shanten\":" << shanten;

    if (player.num_tiles() % 3 == 0 || player.num_tiles() > 14 || shanten > opt.max_shanten) {
        out << ",\"refused\":true}";
        std::cout << out.str() << std::endl;
        return;
    }

    std::vector<double> times;
    std::vector<ExpectedScoreCalculator::Stat> stats;
    int searched = 0;
    for (int r = 0; r < std::max(1, opt.repeats); ++r) {
        const auto start = std::chrono::steady_clock::now();
        auto result =
            ExpectedScoreCalculator::calc(config, table_config, round, table, player, wall);
        const auto end = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        stats = std::move(std::get<0>(result));
        searched = std::get<1>(result);
    }

    out << ",\"refused\":false,\"states\":" << searched
        << ",\"time_ms\":" << *std::min_element(times.begin(), times.end())
        << ",\"times_ms\":[";
    for (std::size_t i = 0; i < times.size(); ++i) {
        out << (i ? "," : "") << times[i];
    }
    out << "],\"rows\":[";
    for (std::size_t i = 0; i < stats.size(); ++i) {
        const auto &s = stats[i];
        out << (i ? "," : "") << "{\"discard\":\""
            << (s.tile == Tile::Null ? std::string() : tile_name(s.tile))
            << "\",\"shanten\":" << s.shanten
            << ",\"tenpai\":" << json_vector(s.tenpai_prob, config.t_min, config.t_max)
            << ",\"win\":" << json_vector(s.win_prob, config.t_min, config.t_max) << '}';
    }
    out << "]}";
    std::cout << out.str() << std::endl;
}

} // namespace

int main(int argc, char **argv)
{
    Options base;
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string key = argv[i];
        if (key.rfind("--", 0) == 0) {
            key = key.substr(2);
        }
        std::replace(key.begin(), key.end(), '-', '_');
        if (!apply_option(base, key, argv[i + 1])) {
            std::cerr << "unknown option: " << argv[i] << std::endl;
            return 2;
        }
    }

    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string mpsz;
        if (!(words >> mpsz) || mpsz[0] == '#') {
            continue;
        }
        Options opt = base;
        std::string word;
        bool ok = true;
        while (words >> word) {
            const auto eq = word.find('=');
            if (eq == std::string::npos ||
                !apply_option(opt, word.substr(0, eq), word.substr(eq + 1))) {
                ok = false;
            }
        }
        if (!ok || opt.draws < 0 || opt.draws > 17) {
            std::cout << "{\"hand\":\"" << mpsz << "\",\"error\":\"bad options\"}"
                      << std::endl;
            continue;
        }
        run_hand(mpsz, opt);
    }
    return 0;
}
