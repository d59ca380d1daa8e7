import { readFileSync } from 'node:fs'
import { BlockList } from 'node:net'
import { join } from 'node:path'
import t from 'tap'
import { parse } from 'yaml'
import { loadConfig } from '../../src/config.js'
import { ROOT } from '../helpers/process.js'

// deploy/ puts nginx in front of the instances. Unless the service believes nginx's X-Forwarded-For,
// every client is nginx: one rate-limit bucket, one stream cap and one fair share for everybody. So
// nginx must send the header, and TRUST_PROXY must name nginx's address and nothing a client can be.

type Service = { environment?: Record<string, string>; networks?: Record<string, { ipv4_address?: string } | null> }
type Compose = {
  services: Record<string, Service>
  networks?: Record<string, { ipam?: { config?: Array<{ subnet?: string; ip_range?: string }> } }>
}

const compose = parse(readFileSync(join(ROOT, 'deploy/compose.yaml'), 'utf8')) as Compose
const nginxConf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')

const inRange = (address: string, cidr: string) => {
  const [network = '', prefix = '32'] = cidr.split('/')
  const list = new BlockList()
  list.addSubnet(network, Number(prefix), 'ipv4')
  return list.check(address, 'ipv4')
}

t.test('nginx appends the client to X-Forwarded-For on the proxied location', async (t) => {
  const location = /location \/ \{([\s\S]*?)\n {4}\}/.exec(nginxConf)?.[1] ?? ''
  t.match(location, /proxy_pass http:\/\/store_finder;/)
  t.match(location, /^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/m)
})

t.test("the instances trust nginx's fixed address, and no other container can hold it", async (t) => {
  const nginxAddress = compose.services['nginx']?.networks?.['default']?.ipv4_address
  t.ok(nginxAddress, 'nginx has a fixed address')
  const env = compose.services['store-finder']?.environment ?? {}
  const config = loadConfig({ ...env })
  t.same(config.trustProxy, [nginxAddress], 'TRUST_PROXY names nginx, and is valid')
  const pool = compose.networks?.['default']?.ipam?.config?.[0]
  t.ok(pool?.subnet && inRange(nginxAddress!, pool.subnet), "nginx's address is in the network's subnet")
  t.ok(pool?.ip_range && !inRange(nginxAddress!, pool.ip_range), 'and outside the range other containers are given addresses from')
})
