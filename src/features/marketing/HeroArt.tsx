/**
 * The home page's illustration: a calendar with a marked day and a wrapped gift. Inline SVG, so it
 * costs no extra request, follows the colour mode, and never shifts the layout.
 */
export function HeroArt() {
  const days = [];
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 6; col += 1) {
      days.push(
        <rect
          key={`${row}-${col}`}
          className="art-day"
          x={64 + col * 40}
          y={132 + row * 36}
          width="26"
          height="20"
          rx="5"
        />,
      );
    }
  }
  return (
    <svg className="mk-art" viewBox="0 0 480 400" width="480" height="400" aria-hidden="true" focusable="false">
      <circle className="art-glow" cx="300" cy="210" r="170" />
      <g transform="rotate(-6 180 200)">
        <rect className="art-card" x="40" y="60" width="280" height="260" rx="22" />
        <path className="art-card-head" d="M40 82a22 22 0 0 1 22-22h236a22 22 0 0 1 22 22v30H40z" />
        <rect className="art-ring" x="96" y="46" width="10" height="30" rx="5" />
        <rect className="art-ring" x="254" y="46" width="10" height="30" rx="5" />
        {days}
        <rect className="art-day-marked" x="184" y="200" width="26" height="20" rx="5" />
        <path
          className="art-heart"
          d="M197 216s-7-4.3-7-8.4a3.6 3.6 0 0 1 7-1.3 3.6 3.6 0 0 1 7 1.3c0 4.1-7 8.4-7 8.4z"
        />
      </g>
      <g>
        <rect className="art-box" x="250" y="228" width="170" height="130" rx="10" />
        <rect className="art-lid" x="238" y="198" width="194" height="44" rx="10" />
        <rect className="art-ribbon" x="322" y="198" width="26" height="160" />
        <path
          className="art-bow"
          d="M335 198c-22-30-62-34-58-12 3 16 36 14 58 12zM335 198c22-30 62-34 58-12-3 16-36 14-58 12z"
        />
        <circle className="art-ribbon" cx="335" cy="196" r="9" />
      </g>
      <path className="art-spark" d="M420 96l6 16 16 6-16 6-6 16-6-16-16-6 16-6z" />
      <path className="art-spark art-spark-2" d="M214 24l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" />
      <circle className="art-dot" cx="448" cy="200" r="6" />
      <circle className="art-dot art-dot-2" cx="30" cy="352" r="7" />
      <circle className="art-dot art-dot-3" cx="222" cy="372" r="5" />
    </svg>
  );
}
