import t from 'tap'
import { productKeyword } from '../../src/keywords.js'

t.test('product keywords lose only the chain name', async (t) => {
  t.equal(productKeyword('다이소 우산'), '우산')
  t.equal(productKeyword('Daiso 3단 우산'), '3단 우산')
  t.equal(productKeyword('다이소'), '')
})

t.test('product keywords as people type them: question and filler words dropped', async (t) => {
  t.equal(productKeyword('물티슈 팔아?'), '물티슈')
  t.equal(productKeyword('우산 있어?'), '우산')
  t.equal(productKeyword('다이소에 우산 있어요?'), '우산')
  t.equal(productKeyword('혹시 3단 우산 파나요'), '3단 우산')
  t.equal(productKeyword('있어?'), '', 'nothing but a question names no product')
})
