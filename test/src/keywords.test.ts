import t from 'tap'
import { productKeyword } from '../../src/keywords.js'

t.test('product keywords lose only the chain name', async (t) => {
  t.equal(productKeyword('다이소 우산'), '우산')
  t.equal(productKeyword('Daiso 3단 우산'), '3단 우산')
  t.equal(productKeyword('다이소'), '')
})

t.test('product keywords as people type them: question and filler words dropped', async (t) => {
  t.equal(productKeyword('물티슈 팔아?'), '물티슈')
  t.equal(productKeyword('건전지가 필요해요'), '건전지가', 'what it is wanted for goes; its particle is read off by the matcher')
  t.equal(productKeyword('우산 사려고요'), '우산')
  t.equal(productKeyword('umbrella near me'), 'umbrella')
  t.equal(productKeyword('건전지 몇 층에 있어요?'), '건전지', 'where in the store: the answer gives the floor anyway')
  t.equal(productKeyword('Where can I buy tape?'), 'tape')
  t.equal(productKeyword('trash can'), 'trash can', 'a can alone is a thing')
  t.equal(productKeyword('우산 있어?'), '우산')
  t.equal(productKeyword('다이소에 우산 있어요?'), '우산')
  t.equal(productKeyword('혹시 3단 우산 파나요'), '3단 우산')
  t.equal(productKeyword('있어?'), '', 'nothing but a question names no product')
})

t.test('English questions lose their question and filler words too', async (t) => {
  t.equal(productKeyword('Do you have an umbrella?'), 'umbrella')
  t.equal(productKeyword('I need AA batteries'), 'AA batteries')
  t.equal(productKeyword('where do I buy a phone charger'), 'phone charger')
  t.equal(productKeyword('do you sell a trash can'), 'trash can', 'can stays: a trash can')
  t.equal(productKeyword('Is there any tape?'), 'tape')
  t.equal(productKeyword('Do you have any?'), '', 'nothing but a question names no product')
})
