import { svg } from './dom.js'
import { MAP_HEIGHT } from './layout.js'
import type { ProductNearby } from './types.js'
import type { Words } from './words.js'

const PAD = 22 // px: room for a dot and its number at the edges

export type Stocked = 'stock' | 'soldout' | 'unknown'

export interface Point {
  lat: number
  lng: number
  /** `store`: a store without stock to tell (search_nearby_stores). */
  kind: Stocked | 'origin' | 'store'
  label: string
  title: string
}

/** The points to draw: the origin, the asked store, and the other stores numbered as in the list. */
export function mapPoints(data: ProductNearby, hereState: Stocked | undefined, words: Words): Point[] {
  const points: Point[] = []
  points.push({ ...data.origin, kind: 'origin', label: '', title: words.legendOrigin })
  if (data.here) {
    points.push({
      lat: data.here.store.lat,
      lng: data.here.store.lng,
      kind: hereState ?? 'unknown',
      label: '★',
      title: data.here.store.name,
    })
  }
  data.stores.forEach((entry, index) => {
    const kind: Stocked = entry.items.length > 0 ? 'stock' : 'unknown'
    points.push({ lat: entry.store.lat, lng: entry.store.lng, kind, label: String(index + 1), title: entry.store.name })
  })
  return points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng))
}

const KM_PER_DEGREE_LAT = 110.57
const KM_PER_DEGREE_LNG_AT_EQUATOR = 111.32
/** Distance rings drawn when they fall inside the frame, in km. */
const RINGS_KM = [1, 2, 5, 10, 20, 50]

/**
 * A schematic map in inline SVG: no tiles and no other origin, so the host's strictest content policy
 * holds. North is up, every store is in its true direction from the point asked about,
 * and its distance from the point asked about grows with the square root of its real distance: the
 * nearest stores, the ones people walk to, get the room; rings mark 1, 2, 5 … km.
 */
export function drawMap(points: Point[], width: number, words: Words): SVGElement {
  const height = MAP_HEIGHT
  // Without a point asked about (a store list whose coordinates the host did not pass on), the first store anchors it.
  const origin = points.find((p) => p.kind === 'origin') ?? points[0]
  const kx = Math.cos((((origin?.lat ?? 0) as number) * Math.PI) / 180) * KM_PER_DEGREE_LNG_AT_EQUATOR
  const polar = points.map((p) => {
    const east = (p.lng - (origin?.lng ?? 0)) * kx
    const north = (p.lat - (origin?.lat ?? 0)) * KM_PER_DEGREE_LAT
    return { km: Math.hypot(east, north), angle: Math.atan2(north, east) }
  })
  // Square-root distances in the true directions, then one scale that fits them in the frame (the origin
  // need not be in the middle: the space goes where the stores are).
  const placed = polar.map((p) => ({ x: Math.sqrt(p.km) * Math.cos(p.angle), y: -Math.sqrt(p.km) * Math.sin(p.angle) }))
  const xs = placed.map((p) => p.x)
  const ys = placed.map((p) => p.y)
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const scale = Math.min((width - 2 * PAD) / Math.max(maxX - minX, 0.5), (height - 2 * PAD) / Math.max(maxY - minY, 0.5))
  const ox = width / 2 - ((minX + maxX) / 2) * scale
  const oy = height / 2 - ((minY + maxY) / 2) * scale
  const at = (i: number) => ({ x: ox + (placed[i]?.x ?? 0) * scale, y: oy + (placed[i]?.y ?? 0) * scale })
  const cx = ox
  const cy = oy

  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': words.mapLabel, class: 'map-svg' })
  root.append(svg('rect', { x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: 10, class: 'map-frame' }))
  const reach = Math.hypot(Math.max(cx, width - cx), Math.max(cy, height - cy))
  let labelled = 0
  for (const km of RINGS_KM) {
    const r = Math.sqrt(km) * scale
    if (r > reach) break
    if (r - labelled < 18) continue // too close to the last ring to be read
    labelled = r
    root.append(svg('circle', { cx: cx.toFixed(1), cy: cy.toFixed(1), r: r.toFixed(1), class: 'ring' }))
    const [lx, ly] = [cx + r * 0.7071 + 3, cy - r * 0.7071 - 3]
    // A label outside the frame is not drawn; its ring still is.
    if (lx < width - 36 && ly > 14) root.append(svg('text', { x: lx.toFixed(1), y: ly.toFixed(1), class: 'ring-label' }, `${km} km`))
  }
  // The origin under everything; then the farthest first, so the nearest stores sit on top.
  const order = points.map((_, i) => i).sort((a, b) => (polar[b]?.km ?? 0) - (polar[a]?.km ?? 0))
  const originIndex = points.findIndex((p) => p.kind === 'origin')
  if (originIndex >= 0) {
    order.splice(order.indexOf(originIndex), 1)
    root.append(
      svg(
        'g',
        { class: 'pt origin', transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})` },
        svg('title', {}, words.legendOrigin),
        svg('circle', { r: 11, class: 'origin-ring' }),
        svg('path', { d: 'M-16 0H-12M12 0H16M0 -16V-12M0 12V16', class: 'origin-cross' }),
      ),
    )
  }
  for (const i of order) {
    const point = points[i] as Point
    const { x, y } = at(i)
    root.append(
      svg(
        'g',
        { class: `pt ${point.kind}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
        svg('title', {}, point.title),
        svg('circle', { r: 8 }),
        svg('text', { y: 3.5, 'text-anchor': 'middle' }, point.label),
      ),
    )
  }
  return root
}
